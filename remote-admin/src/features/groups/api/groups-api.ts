import type { AdminUserList, ApiClient, GroupBody, GroupDetail, GroupList, GroupUpdateBody } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams, SelectorPage, SelectorPageQuery } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 20;

export const groupsKey = (params: ListParams) => ['admin/groups', params.page, params.search] as const;

export function getGroups(api: ApiClient, params: ListParams): Promise<GroupList> {
  return api.get<GroupList>('/groups', { page: params.page, page_size: PAGE_SIZE, search: params.search || undefined }, { silent: true });
}

export function useGroups(params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(groupsKey(params), () => getGroups(adminApi, params), { keepPreviousData: true });
}

export const groupKey = (id: number) => ['admin/group', id] as const;

export const getGroup = (api: ApiClient, id: number) => api.get<GroupDetail>(`/groups/${id}`, undefined, { silent: true });

export function useGroup(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : groupKey(id), () => getGroup(adminApi, id!));
}

export const createGroup = (api: ApiClient, body: GroupBody) => api.post<GroupDetail>('/groups', body, { silent: true });
export const updateGroup = (api: ApiClient, id: number, body: GroupUpdateBody) =>
  api.put<GroupDetail>(`/groups/${id}`, body, { silent: true });
export const deleteGroup = (api: ApiClient, id: number) => api.delete<void>(`/groups/${id}`);

const userName = (user: { first_name: string; last_name: string; email: string }) => `${user.first_name} ${user.last_name} (${user.email})`;

/**
 * The members' double list: the group's members on the right (from the group, searched here), the
 * other users on the left (`/users?search=`, the members left out of the page).
 */
export async function loadGroupUsers(api: ApiClient, group: GroupDetail, query: SelectorPageQuery): Promise<SelectorPage> {
  const search = query.search.trim().toLowerCase();
  if (query.selected) {
    const members = group.users.filter((user) => !search || userName(user).toLowerCase().includes(search));
    const start = (query.page - 1) * query.pageSize;
    return {
      total: members.length,
      items: members.slice(start, start + query.pageSize).map((user) => ({ id: user.id, name: userName(user) })),
    };
  }
  const list = await api.get<AdminUserList>(
    '/users',
    { page: query.page, page_size: query.pageSize, search: query.search || undefined },
    { silent: true },
  );
  const members = new Set(group.users.map((user) => user.id));
  const others = list.items.filter((user) => !members.has(user.id));
  return {
    total: Math.max(0, list.total - (list.items.length - others.length)),
    items: others.map((user) => ({ id: user.id, name: userName(user) })),
  };
}
