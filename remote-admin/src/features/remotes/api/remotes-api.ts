import type {
  AdminRemoteList,
  ApiClient,
  EntityList,
  ReleaseCreate,
  ReleaseTokenCreate,
  ReleaseTokenCreated,
  RemoteName,
  RolloutUpdate,
} from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { SelectorPage, SelectorPageQuery } from '@hub/shared/ui';
import useSWR from 'swr';

export const remotesKey = ['admin/remotes'] as const;

/** Every remote with its stable release, its candidate, its releases and their figures, its tokens. */
export const getRemotes = (api: ApiClient) => api.get<AdminRemoteList>('/remotes', undefined, { silent: true });

/** The figures move by the minute: the page asks again every minute while it is shown. */
export function useRemotes() {
  const { adminApi } = useRemoteProps();
  return useSWR(remotesKey, () => getRemotes(adminApi), { refreshInterval: 60_000, keepPreviousData: true });
}

/** The companies the consoles name (the first 100, as the users console's filter): for the candidate's company names. */
export function useCompanies() {
  const { adminApi } = useRemoteProps();
  return useSWR(['admin/entities/all'], () => adminApi.get<EntityList>('/entities', { page: 1, page_size: 100 }, { silent: true }));
}

/** One page of the companies not yet chosen (left side of the selector), searched and paged by the server. */
export async function loadOtherCompanies(api: ApiClient, query: SelectorPageQuery, chosen: ReadonlySet<number>): Promise<SelectorPage> {
  const list = await api.get<EntityList>(
    '/entities',
    { page: query.page, page_size: query.pageSize, search: query.search || undefined },
    { silent: true },
  );
  const items = list.items.filter((entity) => !chosen.has(entity.id)).map((entity) => ({ id: entity.id, name: entity.name }));
  return { items, total: Math.max(items.length, list.total - (list.items.length - items.length)) };
}

export const registerRelease = (api: ApiClient, name: RemoteName, body: ReleaseCreate) =>
  api.post<unknown>(`/remotes/${name}/releases`, body, { silent: true });

/** Starts, moves, promotes or stops (`candidate: null`) a remote's candidate. */
export const updateRollout = (api: ApiClient, name: RemoteName, body: RolloutUpdate) =>
  api.put<unknown>(`/remotes/${name}/rollout`, body, { silent: true });

/** A new release token: its secret is in this answer only. */
export const createReleaseToken = (api: ApiClient, name: RemoteName, body: ReleaseTokenCreate) =>
  api.post<ReleaseTokenCreated>(`/remotes/${name}/tokens`, body, { silent: true });

export const revokeReleaseToken = (api: ApiClient, name: RemoteName, id: number) =>
  api.delete<unknown>(`/remotes/${name}/tokens/${id}`, { silent: true });
