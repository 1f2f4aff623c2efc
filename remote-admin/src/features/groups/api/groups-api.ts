import type { ApiClient, GroupBody, GroupDetail, GroupList, GroupUpdateBody } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams, SelectorPage, SelectorPageQuery } from '@hub/shared/ui';
import useSWR from 'swr';
import { loadUsersDoubleList } from '../../../lib/users-double-list';

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
/** One member in or out (PUT /groups/{id}/users/add|remove/{userId}): the group's answer counts its members. */
export const addGroupUser = (api: ApiClient, groupId: number, userId: number) =>
  api.put<GroupDetail>(`/groups/${groupId}/users/add/${userId}`, undefined, { silent: true });
export const removeGroupUser = (api: ApiClient, groupId: number, userId: number) =>
  api.put<GroupDetail>(`/groups/${groupId}/users/remove/${userId}`, undefined, { silent: true });

/**
 * The members' double list, both sides paged and searched by the server: the group's members on
 * the right (`/groups/{id}/users`), everyone else on the left (`/users?not_group={id}`).
 */
export const loadGroupUsers = (api: ApiClient, groupId: number, query: SelectorPageQuery): Promise<SelectorPage> =>
  loadUsersDoubleList(api, query, { membersPath: `/groups/${groupId}/users`, othersFilter: { not_group: groupId } });
