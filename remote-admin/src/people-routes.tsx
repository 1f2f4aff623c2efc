import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { peoplePaths } from './people-paths';
import { AdministratorsOnly } from './components/administrators-only';
import { lazyPage } from './lazy-page';

// Each console's pages load with their route (size budget of a list page, issue 13).
const EntitiesPage = lazyPage(() => import('./features/entities/components/entities-page').then((m) => m.EntitiesPage));
const EntityDetailsPage = lazyPage(() => import('./features/entities/components/entity-details-page').then((m) => m.EntityDetailsPage));
const UserDetailsPage = lazyPage(() => import('./features/users/components/user-details-page').then((m) => m.UserDetailsPage));
const UsersPage = lazyPage(() => import('./features/users/components/users-page').then((m) => m.UsersPage));
const EntityUsersPage = lazyPage(() => import('./features/entity-users/components/entity-users-page').then((m) => m.EntityUsersPage));
const EntityUserDetailsPage = lazyPage(() =>
  import('./features/entity-users/components/entity-user-details-page').then((m) => m.EntityUserDetailsPage),
);

const only = (page: ReactNode) => <AdministratorsOnly section="people">{page}</AdministratorsOnly>;

/** The people consoles' routes (users, companies): a fragment of <Route>s, spread into the remote's <Routes>. */
export function peopleRoutes() {
  const { users, entities } = peoplePaths;
  return (
    <>
      <Route path={users} element={only(<UsersPage />)} />
      <Route path={`${users}/details/:id`} element={only(<UserDetailsPage />)} />
      <Route path={entities} element={only(<EntitiesPage />)} />
      <Route path={`${entities}/details/:id?`} element={only(<EntityDetailsPage />)} />
      {/* The entity admin area's users: a contributor or more (the remote is mounted for them only), their entity in force. */}
      <Route path={peoplePaths.entityUsers} element={<EntityUsersPage />} />
      <Route path={`${peoplePaths.entityUsers}/details/:id`} element={<EntityUserDetailsPage />} />
    </>
  );
}
