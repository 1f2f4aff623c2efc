import { Box, Text } from '@chakra-ui/react';
import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LoadState } from '@hub/shared/ui';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { ConsolesPage } from './features/consoles/components/consoles-page';
import { paths } from './paths';

/**
 * A console page loaded with its route (`React.lazy`): a list page downloads its own console only,
 * not the other consoles' code. While the chunk arrives, the loading placeholder of the pages holds
 * the place; a chunk that fails to load reaches the remote's error boundary (retry).
 */
function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: Props) {
    return (
      <Suspense
        fallback={
          <Box p={{ base: '3', md: '6' }}>
            <LoadState status="loading" minHeight="20rem" />
          </Box>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}

/** A console for administrators only: the API refuses others too; this says so first, with the console's own words. */
function AdministratorsOnly({
  children,
  section,
}: {
  children: ReactNode;
  /** The i18n section whose `administratorsOnly` message is shown. */
  section: 'groups' | 'audit' | 'tickets' | 'categories' | 'people' | 'mail' | 'remotes';
}) {
  const { session } = useRemoteProps();
  const { t } = useTranslation('admin');
  if (hasRole(session.user.rights, 'administrator')) return <>{children}</>;
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Text role="alert">{t(`${section}.administratorsOnly`)}</Text>
    </Box>
  );
}

const only = (section: Parameters<typeof AdministratorsOnly>[0]['section'], page: ReactNode) => (
  <AdministratorsOnly section={section}>{page}</AdministratorsOnly>
);

// Each console's pages load with their route (a list page downloads its own console only).
const AdvicesPage = lazyPage(() => import('./features/advices/components/advices-page').then((m) => m.AdvicesPage));
const AdviceDetailsPage = lazyPage(() => import('./features/advices/components/advice-details-page').then((m) => m.AdviceDetailsPage));
const AdviceReachPage = lazyPage(() => import('./features/advices/components/advice-reach-page').then((m) => m.AdviceReachPage));
const DashboardsPage = lazyPage(() => import('./features/dashboards/components/dashboards-page').then((m) => m.DashboardsPage));
const DashboardDetailsPage = lazyPage(() =>
  import('./features/dashboards/components/dashboard-details-page').then((m) => m.DashboardDetailsPage),
);
const NewsItemsPage = lazyPage(() => import('./features/news-items/components/news-items-page').then((m) => m.NewsItemsPage));
const NewsItemDetailsPage = lazyPage(() =>
  import('./features/news-items/components/news-item-details-page').then((m) => m.NewsItemDetailsPage),
);
const CategoriesPage = lazyPage(() => import('./features/categories/components/categories-page').then((m) => m.CategoriesPage));
const CategoryDetailsPage = lazyPage(() =>
  import('./features/categories/components/category-details-page').then((m) => m.CategoryDetailsPage),
);
const TrainingsPage = lazyPage(() => import('./features/trainings/components/trainings-page').then((m) => m.TrainingsPage));
const TrainingDetailsPage = lazyPage(() =>
  import('./features/trainings/components/training-details-page').then((m) => m.TrainingDetailsPage),
);
const ImagesPage = lazyPage(() => import('./features/images/components/images-page').then((m) => m.ImagesPage));
const ImageDetailsPage = lazyPage(() => import('./features/images/components/image-details-page').then((m) => m.ImageDetailsPage));
const UsersPage = lazyPage(() => import('./features/users/components/users-page').then((m) => m.UsersPage));
const UserDetailsPage = lazyPage(() => import('./features/users/components/user-details-page').then((m) => m.UserDetailsPage));
const EntitiesPage = lazyPage(() => import('./features/entities/components/entities-page').then((m) => m.EntitiesPage));
const EntityDetailsPage = lazyPage(() => import('./features/entities/components/entity-details-page').then((m) => m.EntityDetailsPage));
const EntityUsersPage = lazyPage(() => import('./features/entity-users/components/entity-users-page').then((m) => m.EntityUsersPage));
const EntityUserDetailsPage = lazyPage(() =>
  import('./features/entity-users/components/entity-user-details-page').then((m) => m.EntityUserDetailsPage),
);
const GroupsPage = lazyPage(() => import('./features/groups/components/groups-page').then((m) => m.GroupsPage));
const GroupDetailsPage = lazyPage(() => import('./features/groups/components/group-details-page').then((m) => m.GroupDetailsPage));
const AuditPage = lazyPage(() => import('./features/audit/components/audit-page').then((m) => m.AuditPage));
const MailPage = lazyPage(() => import('./features/mail/components/mail-page').then((m) => m.MailPage));
const RemotesPage = lazyPage(() => import('./features/remotes/components/remotes-page').then((m) => m.RemotesPage));
const TicketsPage = lazyPage(() => import('./features/tickets/components/tickets-page').then((m) => m.TicketsPage));
const TicketDetailsPage = lazyPage(() => import('./features/tickets/components/ticket-details-page').then((m) => m.TicketDetailsPage));
const DocumentationPage = lazyPage(() => import('./features/documentation/components/documentation-page').then((m) => m.DocumentationPage));

/**
 * Every route of the remote, on absolute paths, as a fragment of <Route>s. A console adds its list
 * path and `details/:id?` (no id: create) here, its path in `paths.ts`, and its entry in
 * `consoles.ts` for the index pages. The consoles of administrators only are wrapped in
 * `AdministratorsOnly`; the API refuses everyone else too.
 */
export function consoleRoutes() {
  return (
    <>
      <Route path={paths.admin} element={<ConsolesPage area="main" />} />
      <Route path={paths.entityAdmin} element={<ConsolesPage area="entity" />} />
      <Route path={paths.advices} element={<AdvicesPage />} />
      <Route path={`${paths.advices}/details/:id?`} element={<AdviceDetailsPage />} />
      <Route path={`${paths.advices}/details/:id/reach`} element={<AdviceReachPage />} />
      <Route path={paths.dashboards} element={<DashboardsPage />} />
      <Route path={`${paths.dashboards}/details/:id?`} element={<DashboardDetailsPage />} />
      <Route path={paths.newsItems} element={<NewsItemsPage />} />
      <Route path={`${paths.newsItems}/details/:id?`} element={<NewsItemDetailsPage />} />
      <Route path={paths.trainings} element={<TrainingsPage />} />
      <Route path={`${paths.trainings}/details/:id?`} element={<TrainingDetailsPage />} />
      <Route path={paths.images} element={<ImagesPage />} />
      <Route path={`${paths.images}/details/:id?`} element={<ImageDetailsPage />} />
      <Route path={paths.categories} element={only('categories', <CategoriesPage />)} />
      <Route path={`${paths.categories}/details/:id?`} element={only('categories', <CategoryDetailsPage />)} />
      <Route path={paths.users} element={only('people', <UsersPage />)} />
      <Route path={`${paths.users}/details/:id`} element={only('people', <UserDetailsPage />)} />
      <Route path={paths.entities} element={only('people', <EntitiesPage />)} />
      <Route path={`${paths.entities}/details/:id?`} element={only('people', <EntityDetailsPage />)} />
      {/* The entity admin area's users: a contributor or more (the remote is mounted for them only), their entity in force. */}
      <Route path={paths.entityUsers} element={<EntityUsersPage />} />
      <Route path={`${paths.entityUsers}/details/:id`} element={<EntityUserDetailsPage />} />
      <Route path={paths.groups} element={only('groups', <GroupsPage />)} />
      <Route path={`${paths.groups}/details/:id?`} element={only('groups', <GroupDetailsPage />)} />
      <Route path={paths.audit} element={only('audit', <AuditPage />)} />
      <Route path={paths.mail} element={only('mail', <MailPage />)} />
      <Route path={paths.remotes} element={only('remotes', <RemotesPage />)} />
      <Route path={paths.tickets} element={only('tickets', <TicketsPage />)} />
      <Route path={`${paths.tickets}/details/:id`} element={only('tickets', <TicketDetailsPage />)} />
      <Route path={`${paths.admin}/*`} element={<ConsolesPage area="main" />} />
      <Route path={`${paths.entityAdmin}/*`} element={<ConsolesPage area="entity" />} />
      <Route path={paths.documentation} element={<DocumentationPage area="main" />} />
      <Route path={paths.entityDocumentation} element={<DocumentationPage area="entity" />} />
      <Route path="*" element={null} />
    </>
  );
}

/** The remote's routes; elsewhere it renders nothing. */
export function AppRoutes() {
  return <Routes>{consoleRoutes()}</Routes>;
}
