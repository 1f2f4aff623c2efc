import { adminPaths, isAdministrator } from '@hub/shared/api';
import type { SearchKindModule } from './kind';

/** Groups, in the administrators' consoles only (all of them, as their console lists). */
export const group: SearchKindModule = ({ session, admin }) =>
  !admin || !isAdministrator(session.rights)
    ? undefined
    : (m) => ({
        from: 'groups g',
        table: 'groups g',
        visible: 'TRUE',
        id: 'g.id',
        title: 'g.name',
        date: 'NULL::timestamptz',
        vector: 'g.search',
        titleIndexed: true,
        matches: m.condition('g.search', 'g.name'),
        body: () => `''`,
        path: (id) => adminPaths.group(id),
      });
