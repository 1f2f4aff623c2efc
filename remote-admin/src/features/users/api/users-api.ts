import type {
  AdminUser,
  AdminUserList,
  AdminUserUpdateBody,
  ApiClient,
  DataExport,
  DataExportCreated,
  EntityList,
  ErasureReport,
  GroupList,
  Role,
} from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 20;
/** The entity filter's value for the users without an entity (`/users/get/no-entity`). */
export const NO_ENTITY = 'none';

/** The list's source: every user, an entity's (`/users/entity/{id}`), or those without one. */
function usersPath(entity: string | undefined): string {
  if (entity === NO_ENTITY) return '/users/get/no-entity';
  if (entity && /^\d+$/.test(entity)) return `/users/entity/${entity}`;
  return '/users';
}

export function getUsers(api: ApiClient, params: ListParams): Promise<AdminUserList> {
  const role = params.filters.role as Role | undefined;
  return api.get<AdminUserList>(
    usersPath(params.filters.entity),
    { page: params.page, page_size: PAGE_SIZE, search: params.search || undefined, role: role || undefined },
    { silent: true },
  );
}

export function useUsers(params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(['admin/users', params.page, params.search, params.filters.entity, params.filters.role], () => getUsers(adminApi, params), {
    keepPreviousData: true,
  });
}

/** Every entity, for the filter and the user's entity select (an administrator's list, 100 at most). */
export function useAllEntities() {
  const { adminApi } = useRemoteProps();
  return useSWR(['admin/entities/all'], () => adminApi.get<EntityList>('/entities', { page: 1, page_size: 100 }, { silent: true }));
}

export function useUser(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : ['admin/user', id], () => adminApi.get<AdminUser>(`/users/${id}`, undefined, { silent: true }));
}

export const updateUser = (api: ApiClient, id: number, body: AdminUserUpdateBody) =>
  api.put<AdminUser>(`/users/${id}`, body, { silent: true });

/** Ends every session of the user (POST /api/admin/users/{id}/end-sessions): their tokens are refused from now on. */
export const endUserSessions = (api: ApiClient, id: number) => api.post<void>(`/users/${id}/end-sessions`, undefined, { silent: true });

/** The consultants a user may have as contacts (`/users/get/contacts/`: the users with contact_enable), 100 at most. */
export function useConsultants() {
  const { adminApi } = useRemoteProps();
  return useSWR(['admin/users/contacts'], () =>
    adminApi.get<AdminUserList>('/users/get/contacts/', { page: 1, page_size: 100 }, { silent: true }),
  );
}

/** The Power BI groups a user may belong to (GET /api/admin/groups), 100 at most. */
export function usePbiGroups() {
  const { adminApi } = useRemoteProps();
  return useSWR(['admin/groups/all'], () => adminApi.get<GroupList>('/groups', { page: 1, page_size: 100 }, { silent: true }));
}

/** Asks for an export of the person's data (POST /api/admin/users/{id}/exports): its id. */
export const exportUserData = (api: ApiClient, id: number) =>
  api.post<DataExportCreated>(`/users/${id}/exports`, undefined, { silent: true });

/** How far that export has gone, and its link once ready. */
export const getUserDataExport = (api: ApiClient, id: number, exportId: number) =>
  api.get<DataExport>(`/users/${id}/exports/${exportId}`, undefined, { silent: true });

/** Erases the person (POST /api/admin/users/{id}/erase), confirmed by their email: what went and what stayed. */
export const eraseUser = (api: ApiClient, id: number, confirm: string) =>
  api.post<ErasureReport>(`/users/${id}/erase`, { confirm }, { silent: true });
