import type { ApiClient, DashboardList, DashboardListQuery } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
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
  return useSWR(key, () => getDashboards(api, fullQuery));
}
