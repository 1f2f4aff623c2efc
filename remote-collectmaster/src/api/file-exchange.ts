import {
  fileExchangePaths as api,
  type ApiClient,
  type Collection,
  type CollectionBody,
  type CollectionList,
  type DownloadTicket,
  type DueBody,
  type FileExchangeEntityList,
  type FileExchangeFile,
  type FileExchangeFileList,
  type FileExchangeLimits,
  type FileStateBody,
  type Folder,
  type FolderBody,
  type FolderDetail,
  type FolderList,
  type LatestFiles,
  type MissingFileBody,
  type RenameFileBody,
} from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useDeferredData } from '@hub/shared/ui';
import useSWR from 'swr';

// The file-exchange API (/api/v2) as this remote calls it: one fetcher per call and an SWR hook per
// read. Every key starts with 'cm', so a live event or a mutation can revalidate what it touches.

/** Lists are read whole: a folder holds at most this many files on one page (the API's maximum). */
const PAGE = { page_size: 100 } as const;

export const keys = {
  entities: () => ['cm', 'entities'] as const,
  collections: (slug: string) => ['cm', 'collections', slug] as const,
  collection: (id: number) => ['cm', 'collection', id] as const,
  folders: (collectionId: number) => ['cm', 'folders', collectionId] as const,
  folder: (id: number) => ['cm', 'folder', id] as const,
  files: (folderId: number) => ['cm', 'files', folderId] as const,
  latest: (n: number) => ['cm', 'latest', n] as const,
  limits: () => ['cm', 'limits'] as const,
};

export const getEntities = (files: ApiClient) => files.get<FileExchangeEntityList>(api.entities(), PAGE);
export const getCollections = (files: ApiClient, slug: string) => files.get<CollectionList>(api.collections(slug), PAGE, { silent: true });
export const getCollection = (files: ApiClient, id: number) => files.get<Collection>(api.collection(id), undefined, { silent: true });
export const getFolders = (files: ApiClient, collectionId: number) =>
  files.get<FolderList>(api.folders(collectionId), PAGE, { silent: true });
export const getFolder = (files: ApiClient, id: number) => files.get<FolderDetail>(api.folder(id), undefined, { silent: true });
export const getFiles = (files: ApiClient, folderId: number) =>
  files.get<FileExchangeFileList>(api.files(folderId), PAGE, { silent: true });
export const getLatest = (files: ApiClient, n: number) => files.get<LatestFiles>(api.latestFiles(), { n });
export const getLimits = (files: ApiClient) => files.get<FileExchangeLimits>(api.limits(), undefined, { silent: true });

export function useEntities() {
  const { filesApi } = useRemoteProps();
  return useSWR(keys.entities(), () => getEntities(filesApi));
}
export function useCollections(slug: string) {
  const { filesApi } = useRemoteProps();
  return useDeferredData(useSWR(keys.collections(slug), () => getCollections(filesApi, slug)));
}
export function useCollection(id: number) {
  const { filesApi } = useRemoteProps();
  return useSWR(keys.collection(id), () => getCollection(filesApi, id));
}
export function useFolders(collectionId: number) {
  const { filesApi } = useRemoteProps();
  return useDeferredData(useSWR(keys.folders(collectionId), () => getFolders(filesApi, collectionId)));
}
export function useFolder(id: number) {
  const { filesApi } = useRemoteProps();
  return useSWR(keys.folder(id), () => getFolder(filesApi, id));
}
export function useFiles(folderId: number) {
  const { filesApi } = useRemoteProps();
  return useDeferredData(useSWR(keys.files(folderId), () => getFiles(filesApi, folderId)));
}
export function useLatest(n: number) {
  const { filesApi } = useRemoteProps();
  return useDeferredData(useSWR(keys.latest(n), () => getLatest(filesApi, n)));
}
export function useLimits() {
  const { filesApi } = useRemoteProps();
  return useSWR(keys.limits(), () => getLimits(filesApi));
}

// Staff writes (contributor or more): the server checks the rights and answers 403 otherwise.
export const createCollection = (files: ApiClient, entityId: number, body: CollectionBody) =>
  files.post<Collection>(api.createCollection(entityId), body);
export const updateCollection = (files: ApiClient, id: number, body: CollectionBody) => files.put<Collection>(api.collection(id), body);
export const deleteCollection = (files: ApiClient, id: number) => files.delete<void>(api.collection(id));
export const createFolder = (files: ApiClient, collectionId: number, body: FolderBody) =>
  files.post<Folder>(api.folders(collectionId), body);
export const updateFolder = (files: ApiClient, id: number, body: FolderBody) => files.put<Folder>(api.folder(id), body);
export const deleteFolder = (files: ApiClient, id: number) => files.delete<void>(api.folder(id));
export const createMissingFile = (files: ApiClient, folderId: number, body: MissingFileBody) =>
  files.post<FileExchangeFile>(api.files(folderId), body);
export const renameFile = (files: ApiClient, id: number, body: RenameFileBody) => files.put<FileExchangeFile>(api.file(id), body);
export const deleteFile = (files: ApiClient, id: number) => files.delete<void>(api.file(id));
export const setFileState = (files: ApiClient, id: number, body: FileStateBody) => files.put<FileExchangeFile>(api.fileState(id), body);
/** A due date on a folder's files or on a missing file, or null to withdraw it (docs/product.md §14). */
export const setFolderDue = (files: ApiClient, id: number, body: DueBody) => files.put<Folder>(api.folderDue(id), body);
export const setFileDue = (files: ApiClient, id: number, body: DueBody) => files.put<FileExchangeFile>(api.fileDue(id), body);

/**
 * Downloads by navigation, so that the browser streams the bytes to disk whatever their size: the
 * bearer token buys a one-minute ticket for this one item (`ticketPath`: fileExchangePaths.downloadTicket
 * or zipTicket), whose address the browser then opens; the answer is an attachment, the page stays.
 */
export async function startDownload(files: ApiClient, ticketPath: string): Promise<void> {
  const { url } = await files.post<DownloadTicket>(ticketPath);
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
