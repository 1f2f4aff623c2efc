import type { ApiClient, Category, CategoryCreateBody, CategoryList, CategoryUpdateBody } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 20;

export const categoriesKey = (params: ListParams) => ['admin/categories', params.page, params.search] as const;

export function getCategories(api: ApiClient, params: ListParams): Promise<CategoryList> {
  return api.get<CategoryList>(
    '/categories',
    { page: params.page, page_size: PAGE_SIZE, search: params.search || undefined },
    { silent: true },
  );
}

export function useCategories(params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(categoriesKey(params), () => getCategories(adminApi, params), { keepPreviousData: true });
}

export const categoryKey = (id: number) => ['admin/category', id] as const;

export function useCategory(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : categoryKey(id), () => adminApi.get<Category>(`/categories/${id}`, undefined, { silent: true }));
}

export const createCategory = (api: ApiClient, body: CategoryCreateBody) => api.post<Category>('/categories', body, { silent: true });
export const updateCategory = (api: ApiClient, id: number, body: CategoryUpdateBody) =>
  api.put<Category>(`/categories/${id}`, body, { silent: true });
export const deleteCategory = (api: ApiClient, id: number) => api.delete<void>(`/categories/${id}`);
