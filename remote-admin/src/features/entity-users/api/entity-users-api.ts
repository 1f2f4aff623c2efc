import type { AdminUserList, AdminUserListItem } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 20;

/** GET /api/admin/users/entity/{entityId}: the entity's users, searched and paged on the server. */
export function useEntityUsers(entityId: number, params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(
    ['admin/entity-users', entityId, params.page, params.search],
    () =>
      adminApi.get<AdminUserList>(
        `/users/entity/${entityId}`,
        { page: params.page, page_size: PAGE_SIZE, search: params.search || undefined },
        { silent: true },
      ),
    { keepPreviousData: true },
  );
}

/** GET /api/admin/users/entity/{entityId}/user/{id}: one user of the entity; 404 for anyone else's. */
export function useEntityUser(entityId: number, id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : ['admin/entity-user', entityId, id], () =>
    adminApi.get<AdminUserListItem>(`/users/entity/${entityId}/user/${id}`, undefined, { silent: true }),
  );
}
