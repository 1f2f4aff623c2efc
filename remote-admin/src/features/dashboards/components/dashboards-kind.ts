import type { Dashboard } from '@hub/shared/api';
import type { PublishableKind } from '../../../components/publishable/publishable-kind';
import { paths } from '../../../paths';
import { dashboardsApi } from '../api/dashboards-api';

/** The dashboards console: an entity's Power BI reports (https only), for all its users by default. */
export const dashboardsKind: PublishableKind<Dashboard> = {
  api: dashboardsApi,
  listPath: paths.dashboards,
  words: 'dashboards',
  fields: ['tag', 'url', 'audience'],
  entityScoped: true,
  defaultAudience: 'multi_users',
};
