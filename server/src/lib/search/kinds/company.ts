import { adminPaths, isAdministrator } from '@hub/shared/api';
import type { SearchKindModule } from './kind';

/** Companies, in the administrators' consoles only (all of them, as their console lists). */
export const company: SearchKindModule = ({ session, admin }) =>
  !admin || !isAdministrator(session.rights)
    ? undefined
    : (m) => ({
        from: 'entities e',
        table: 'entities e',
        visible: 'TRUE',
        id: 'e.id',
        title: 'e.name',
        date: 'NULL::timestamptz',
        vector: 'e.search',
        titleIndexed: true,
        matches: m.condition('e.search', 'e.name'),
        body: () => `''`,
        path: (id) => adminPaths.company(id),
      });
