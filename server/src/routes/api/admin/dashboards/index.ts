import {
  AdminDashboardListQuerySchema,
  DashboardCreateBodySchema,
  AdminDashboardListSchema,
  DashboardSchema,
  DashboardUpdateBodySchema,
} from '@hub/shared/api';
import { audienceContentRoutes } from '../audience-content-routes';

/**
 * Dashboards in the admin API (contributor or more, checked by the admin scope). A contributor or
 * publisher manages their own entity's dashboards; another entity's are 404 (ids do not leak).
 */
export default audienceContentRoutes({
  name: 'dashboards',
  itemType: 'dashboard',
  schemas: {
    item: DashboardSchema,
    list: AdminDashboardListSchema,
    listQuery: AdminDashboardListQuerySchema,
    createBody: DashboardCreateBodySchema,
    updateBody: DashboardUpdateBodySchema,
  },
  notFound: 'Dashboard not found',
  repository: (fastify) => fastify.dashboardsRepository,
});
