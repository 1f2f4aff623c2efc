import { errorStatus, type ApiClient, type Dashboard, type DashboardList, type DashboardListQuery } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useDeferredData } from '@hub/shared/ui';
import useSWR from 'swr';

/** GET /api/dashboards: the dashboards the displayed user may open. */
export function getDashboards(api: ApiClient, query: DashboardListQuery = {}): Promise<DashboardList> {
  return api.get<DashboardList>('/dashboards', query);
}

/** The SWR key: the query and who is looking (the server answers each of them differently). */
export function dashboardsKey(query: DashboardListQuery, scope: { userId: number; entityId: number | null; unpublished: boolean }) {
  return ['dashboards', scope.userId, scope.entityId, scope.unpublished, query] as const;
}

export function useDashboards(query: DashboardListQuery = {}) {
  const { api, session } = useRemoteProps();
  const unpublished = session.displayAs?.includesUnpublished ?? false;
  const fullQuery: DashboardListQuery = unpublished ? { ...query, includes_unpublished: true } : query;
  const key = dashboardsKey(fullQuery, { userId: session.displayedUser.id, entityId: session.selectedEntityId, unpublished });
  return useDeferredData(useSWR(key, () => getDashboards(api, fullQuery)));
}

/**
 * GET /api/dashboards/{id}: one dashboard, read by id under the list's visibility, so that any
 * dashboard the person may open opens, wherever it falls in the list's pages. `undefined` data
 * with `notFound` when the server answers 404 (not one of theirs, or gone).
 */
export function useDashboard(id: number | null) {
  const { api, session } = useRemoteProps();
  const key = id === null ? null : (['dashboard', id, session.displayedUser.id, session.selectedEntityId] as const);
  const result = useSWR(key, () => api.get<Dashboard>(`/dashboards/${id}`, undefined, { silent: true }), {
    shouldRetryOnError: (error: unknown) => errorStatus(error) !== 404,
  });
  const notFound = id === null || errorStatus(result.error) === 404;
  return { ...result, error: notFound ? undefined : (result.error as unknown), notFound };
}
