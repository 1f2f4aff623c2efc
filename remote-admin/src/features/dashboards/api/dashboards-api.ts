import type { Dashboard, DashboardCreateBody } from '@hub/shared/api';
import { publishableApi, type PublishableKind } from '../../../components/publishable/publishable-api';
import { baseBody, textOrNull } from '../../../components/publishable/publishable-form-values';
import { paths } from '../../../paths';

/** /api/admin/dashboards: fetchers, SWR keys and hooks (list, item, writes that revalidate the list). */
export const dashboardsApi = publishableApi<Dashboard, DashboardCreateBody>('dashboards');

/** The dashboards console: an entity's Power BI reports (https only), for all its users by default. */
export const dashboardsKind: PublishableKind<Dashboard, DashboardCreateBody> = {
  api: dashboardsApi,
  listPath: paths.dashboards,
  words: 'dashboards',
  fields: ['tag', 'url', 'audience'],
  columns: ['dataAsOf'],
  body: (values) => ({ ...baseBody(values), tag: textOrNull(values.tag), url: values.url.trim(), audience_type: values.audience_type }),
  entityScoped: true,
  defaultAudience: 'multi_users',
};
