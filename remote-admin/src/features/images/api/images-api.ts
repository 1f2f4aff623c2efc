import {
  IMAGE_FILE_FIELD,
  type AdminImage,
  type AdminImageList,
  type ApiClient,
  type ImageCategory,
  type ImageUsage,
} from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/** The largest page the API gives: a type's grid shows this many, then 'Show more'. */
export const PAGE_SIZE = 100;

export const imagesOfTypeKey = (category: ImageCategory, pages: number) => ['admin/images/category', category, pages] as const;

export function useImagesOfType(category: ImageCategory, pages: number) {
  const { adminApi } = useRemoteProps();
  return useSWR(
    imagesOfTypeKey(category, pages),
    async () => {
      const all: AdminImageList[] = [];
      for (let page = 1; page <= pages; page += 1) {
        all.push(await adminApi.get<AdminImageList>(`/images/category/${category}`, { page, page_size: PAGE_SIZE }, { silent: true }));
      }
      return { items: all.flatMap((list) => list.items), total: all[all.length - 1]?.total ?? 0 };
    },
    { keepPreviousData: true },
  );
}

export function useImage(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : ['admin/image', id], () => adminApi.get<AdminImage>(`/images/${id}`, undefined, { silent: true }));
}

/** GET /images/{id}/usage, asked when the delete dialog opens. */
export function useImageUsage(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : ['admin/image/usage', id], () =>
    adminApi.get<ImageUsage>(`/images/${id}/usage`, undefined, { silent: true }),
  );
}

export interface ImageFields {
  category?: ImageCategory;
  name?: string;
  description?: string;
  file?: File | null;
}

/** The multipart body: the text fields first, then the file (the server reads them in that order). */
function imageForm(fields: ImageFields): FormData {
  const form = new FormData();
  if (fields.category) form.append('category', fields.category);
  if (fields.name !== undefined) form.append('name', fields.name);
  if (fields.description !== undefined) form.append('description', fields.description);
  if (fields.file) form.append(IMAGE_FILE_FIELD, fields.file);
  return form;
}

/** POST /images (multipart), reporting the upload's progress. */
export const createImage = (api: ApiClient, fields: ImageFields, onProgress?: (fraction: number) => void) =>
  api.upload<AdminImage>('/images', imageForm(fields), { onProgress, silent: true });

/** POST /images/{id} (multipart, docs/product.md §7): the changed fields, and a new file when the picture changes. */
export const updateImage = (api: ApiClient, id: number, fields: ImageFields, onProgress?: (fraction: number) => void) =>
  api.upload<AdminImage>(`/images/${id}`, imageForm(fields), { onProgress, silent: true });

export const deleteImage = (api: ApiClient, id: number) => api.delete<void>(`/images/${id}`, { silent: true });
