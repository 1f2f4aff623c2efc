import type { Collection, FileExchangeEntity, FileExchangeFile, Folder, LatestFile } from '@hub/shared/api';

// Answers of the file-exchange API as the contract (shared/src/api/file-exchange.ts) shapes them.

export const list = <T>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 100 });

export const entity = (id: number, name: string, slug: string): FileExchangeEntity => ({
  id,
  name,
  slug,
  url: `/api/v2/entity/${slug}/collections`,
});

export const collection = (id: number, project: string, overrides: Partial<Collection> = {}): Collection => ({
  id,
  url: `/api/v2/collection/${id}/folders`,
  entity: 'Northwind Traders',
  project,
  entity_id: 2,
  entity_slug: 'northwind',
  folders_count: 1,
  updated_at: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

export const folder = (id: number, name: string, overrides: Partial<Folder> = {}): Folder => ({
  id,
  name,
  url: `/api/v2/folder/${id}/files`,
  files_count: 2,
  missing_count: 1,
  collection_id: 5,
  ...overrides,
});

export const file = (id: number, name: string, state: number, overrides: Partial<FileExchangeFile> = {}): FileExchangeFile => ({
  id,
  name,
  name_original: name,
  extension: name.includes('.') ? name.split('.').pop()!.toLowerCase() : '',
  size: state === 1 ? 0 : 1234,
  upload_at: state === 1 ? null : '2026-01-12T10:00:00.000Z',
  updated_at: '2026-01-12T11:00:00.000Z',
  state,
  comment: null,
  url: state === 1 ? null : `/api/v2/file/${id}/download`,
  folderUrl: '/api/v2/folder/9/files',
  folder_id: 9,
  ...overrides,
});

export const latest = (id: number, name: string, state: number): LatestFile => ({
  ...file(id, name, state),
  folder: 'Monthly data',
  collection_id: 5,
  project: 'Sales 2026',
  entity: 'Northwind Traders',
  entity_slug: 'northwind',
});
