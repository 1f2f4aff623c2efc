import type { AdminUserList, AdminUserListItem, ApiClient } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 20;

export const entityUsersKey = (entityId: number, params: ListParams) =>
  ['admin/entity-users', entityId, params.page, params.search] as const;

/** GET /api/admin/users/entity/{entityId}: the entity's users, searched and paged on the server. */
export function getEntityUsers(api: ApiClient, entityId: number, params: ListParams): Promise<AdminUserList> {
  return api.get<AdminUserList>(
    `/users/entity/${entityId}`,
    { page: params.page, page_size: PAGE_SIZE, search: params.search || undefined },
    { silent: true },
  );
}

export function useEntityUsers(entityId: number, params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(entityUsersKey(entityId, params), () => getEntityUsers(adminApi, entityId, params), { keepPreviousData: true });
}

export const entityUserKey = (entityId: number, id: number) => ['admin/entity-user', entityId, id] as const;

/** GET /api/admin/users/entity/{entityId}/user/{id}: one user of the entity; 404 for anyone else's. */
export const getEntityUser = (api: ApiClient, entityId: number, id: number) =>
  api.get<AdminUserListItem>(`/users/entity/${entityId}/user/${id}`, undefined, { silent: true });

export function useEntityUser(entityId: number, id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : entityUserKey(entityId, id), () => getEntityUser(adminApi, entityId, id!));
}
