import type { ApiClient, EntityBody, EntityDetail, EntityList, EntityUpdateBody, ProviderList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams, SelectorPage, SelectorPageQuery } from '@hub/shared/ui';
import useSWR from 'swr';
import { loadUsersDoubleList } from '../../../lib/users-double-list';

export const PAGE_SIZE = 20;

export const entitiesKey = (params: ListParams) => ['admin/entities', params.page, params.search] as const;

export function getEntities(api: ApiClient, params: ListParams): Promise<EntityList> {
  return api.get<EntityList>(
    '/entities',
    { page: params.page, page_size: PAGE_SIZE, search: params.search || undefined },
    { silent: true },
  );
}

export function useEntities(params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(entitiesKey(params), () => getEntities(adminApi, params), { keepPreviousData: true });
}

export const entityKey = (id: number) => ['admin/entity', id] as const;

export const getEntity = (api: ApiClient, id: number) => api.get<EntityDetail>(`/entities/${id}`, undefined, { silent: true });

export function useEntity(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : entityKey(id), () => getEntity(adminApi, id!));
}

export const providersKey = ['auth/providers'] as const;

export const getProviders = (api: ApiClient) => api.get<ProviderList>('/auth/providers', undefined, { silent: true });

/** The identity providers of the providers table (GET /api/auth/providers). */
export function useProviders() {
  const { api } = useRemoteProps();
  return useSWR(providersKey, () => getProviders(api));
}

export const createEntity = (api: ApiClient, body: EntityBody) => api.post<EntityDetail>('/entities', body, { silent: true });
export const updateEntity = (api: ApiClient, id: number, body: EntityUpdateBody) =>
  api.put<EntityDetail>(`/entities/${id}`, body, { silent: true });
export const deleteEntity = (api: ApiClient, id: number) => api.delete<void>(`/entities/${id}`);
export const addEntityUser = (api: ApiClient, entityId: number, userId: number) =>
  api.put<EntityDetail>(`/entities/${entityId}/user/add/${userId}`, undefined);
export const removeEntityUser = (api: ApiClient, entityId: number, userId: number) =>
  api.put<EntityDetail>(`/entities/${entityId}/user/remove/${userId}`, undefined);

/**
 * The double list's pages: the company's users on the right (`/users/entity/{id}`), everyone
 * outside it on the left (`/users?not_entity={id}`), with the company they would leave.
 */
export const loadEntityUsers = (api: ApiClient, entityId: number, query: SelectorPageQuery): Promise<SelectorPage> =>
  loadUsersDoubleList(api, query, {
    membersPath: `/users/entity/${entityId}`,
    othersFilter: { not_entity: entityId },
    othersCompany: true,
  });
