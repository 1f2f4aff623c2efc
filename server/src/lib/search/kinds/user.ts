import { adminPaths, isAdministrator } from '@hub/shared/api';
import { consoleUserVisibility } from '../../users/visibility';
import { personName, type SearchKindModule } from './kind';

/** People, in the consoles only: whom the users' consoles show the person. */
export const user: SearchKindModule = ({ session, admin }) =>
  !admin
    ? undefined
    : (m, params) => {
        const visible = consoleUserVisibility('u', session, params);
        if (visible === null) return null;
        return {
          from: 'users u',
          table: 'users u',
          visible,
          id: 'u.id',
          title: personName('u'),
          date: 'u.created_at',
          vector: 'u.search',
          titleIndexed: false,
          matches: m.condition('u.search', `u.first_name || ' ' || u.last_name || ' ' || u.email`),
          body: () => 'u.email',
          path: (id) => (isAdministrator(session.rights) ? adminPaths.user(id) : adminPaths.entityUsers),
        };
      };
