import { adminPaths, portalPaths } from '@hub/shared/api';
import { adminEntityCondition } from '../../content/scope';
import { adviceVisibility } from '../../content/visibility';
import { TRANSLATED, translatedSearchVector } from '../../content/translations';
import type { SearchKindModule } from './kind';

/** Advices: in the consoles, the company in force's (the advices console's rule); else the person's list's. */
export const advice: SearchKindModule =
  ({ session, admin, unpublished }) =>
  (m, params) => ({
    from: 'advices a',
    table: 'advices a',
    visible: admin ? adminEntityCondition(session, 'a.entity_id', params) : adviceVisibility(session, unpublished, params),
    walked: 'advices',
    id: 'a.id',
    title: 'a.title',
    date: 'a.created_at',
    vector: translatedSearchVector(TRANSLATED['advice']),
    titleIndexed: true,
    matches: m.condition(translatedSearchVector(TRANSLATED['advice']), 'a.title'),
    body: () => `coalesce(a.subtitle, '') || ' ' || search_html_text(a.description)`,
    path: (id) => (admin ? adminPaths.advice(id) : portalPaths.advice(id)),
  });
