import { adminPaths, portalPaths } from '@hub/shared/api';
import { adminEntityCondition } from '../../content/scope';
import { dashboardVisibility } from '../../content/visibility';
import { TRANSLATED, translatedSearchVector } from '../../content/translations';
import type { SearchKindModule } from './kind';

/** Dashboards: in the consoles, the company in force's (the dashboards console's rule); else the person's list's. */
export const dashboard: SearchKindModule =
  ({ session, admin, unpublished }) =>
  (m, params) => ({
    from: 'dashboards d',
    table: 'dashboards d',
    visible: admin ? adminEntityCondition(session, 'd.entity_id', params) : dashboardVisibility(session, unpublished, params),
    id: 'd.id',
    title: 'd.title',
    date: 'd.created_at',
    vector: translatedSearchVector(TRANSLATED['dashboard']),
    titleIndexed: true,
    matches: m.condition(translatedSearchVector(TRANSLATED['dashboard']), 'd.title'),
    body: () => `coalesce(d.tag, '') || ' ' || coalesce(d.description, '')`,
    path: (id) => (admin ? adminPaths.dashboard(id) : portalPaths.dashboard(id)),
  });
