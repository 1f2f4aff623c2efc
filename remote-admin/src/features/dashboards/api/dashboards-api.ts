import type { Dashboard, DashboardCreateBody, DashboardUpdateBody } from '@hub/shared/api';
import { publishableApi } from '../../../components/publishable/publishable-api';

/** /api/admin/dashboards: fetchers, SWR keys and hooks (list, item, writes that revalidate the list). */
export const dashboardsApi = publishableApi<Dashboard, DashboardCreateBody, DashboardUpdateBody>('dashboards');
export const {
  getList: getDashboards,
  listKey: dashboardsKey,
  useList: useDashboards,
  getItem: getDashboard,
  useItem: useDashboard,
} = dashboardsApi;
