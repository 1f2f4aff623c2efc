import type { ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router-dom';
import { adminPaths, portalPaths } from '../api/portal-paths';

/**
 * One table of the portal's item paths (@hub/shared/api's portal-paths.ts): each kind's path as the
 * server hands it out, and the route of the remote that opens it, as that remote declares it. Run
 * in shared (shared/src/api/portal-paths.test.ts: the path fits the route) and in each remote
 * (its app-routes test: the route is one of its own, not its catch-all).
 */
export interface PortalPathCase {
  /** The item, and where it opens ('portal' for the customers' side, 'admin' for the consoles). */
  name: string;
  remote: 'content' | 'dashboards' | 'contact' | 'collectmaster' | 'admin';
  path: string;
  /** The route's pattern, absolute (react-router's syntax). */
  route: string;
  /** The route's parameters the path gives. */
  params: Record<string, string>;
}

export const PORTAL_PATH_CASES: readonly PortalPathCase[] = [
  { name: 'advice (portal)', remote: 'content', path: portalPaths.advice(12), route: '/advices/details/:id', params: { id: '12' } },
  { name: 'news item (portal)', remote: 'content', path: portalPaths.newsItem(7), route: '/news-items/details/:id', params: { id: '7' } },
  { name: 'training (portal)', remote: 'content', path: portalPaths.trainings, route: '/trainings', params: {} },
  { name: 'dashboard (portal)', remote: 'dashboards', path: portalPaths.dashboard(3), route: '/dashboards/:id', params: { id: '3' } },
  { name: 'dashboards (portal)', remote: 'dashboards', path: portalPaths.dashboards, route: '/dashboards', params: {} },
  { name: 'open discussion', remote: 'contact', path: portalPaths.contact, route: '/contact', params: {} },
  { name: 'closed discussion', remote: 'contact', path: portalPaths.contactClosed, route: '/contact-close', params: {} },
  { name: 'ticket (portal)', remote: 'contact', path: portalPaths.tickets, route: '/tickets', params: {} },
  { name: 'collectmaster', remote: 'collectmaster', path: portalPaths.collectmaster, route: '/collectmaster', params: {} },
  {
    name: 'latest files',
    remote: 'collectmaster',
    path: portalPaths.collectmasterLatest,
    route: '/collectmaster/latest-files',
    params: {},
  },
  {
    name: 'collection',
    remote: 'collectmaster',
    path: portalPaths.exchangeCollection('north-wind', 4),
    route: '/collectmaster/:slug/:collectionId',
    params: { slug: 'north-wind', collectionId: '4' },
  },
  {
    name: 'folder and file',
    remote: 'collectmaster',
    path: portalPaths.exchangeFolder('north-wind', 4, 9),
    route: '/collectmaster/:slug/:collectionId/:folderId',
    params: { slug: 'north-wind', collectionId: '4', folderId: '9' },
  },
  {
    name: 'company’s collections',
    remote: 'collectmaster',
    path: portalPaths.exchangeEntity('acme'),
    route: '/collectmaster/:slug',
    params: { slug: 'acme' },
  },
  {
    name: 'advice (admin)',
    remote: 'admin',
    path: adminPaths.advice(12),
    route: '/entity/admin/advices/details/:id?',
    params: { id: '12' },
  },
  {
    name: 'dashboard (admin)',
    remote: 'admin',
    path: adminPaths.dashboard(3),
    route: '/entity/admin/dashboard/details/:id?',
    params: { id: '3' },
  },
  {
    name: 'news item (admin)',
    remote: 'admin',
    path: adminPaths.newsItem(7),
    route: '/admin/news-items/details/:id?',
    params: { id: '7' },
  },
  { name: 'training (admin)', remote: 'admin', path: adminPaths.training(5), route: '/admin/trainings/details/:id?', params: { id: '5' } },
  { name: 'user (administrator)', remote: 'admin', path: adminPaths.user(8), route: '/admin/users/details/:id', params: { id: '8' } },
  { name: 'user (entity admin)', remote: 'admin', path: adminPaths.entityUsers, route: '/entity/admin/users', params: {} },
  { name: 'company', remote: 'admin', path: adminPaths.company(2), route: '/admin/entities/details/:id?', params: { id: '2' } },
  { name: 'group', remote: 'admin', path: adminPaths.group(6), route: '/admin/groups/details/:id?', params: { id: '6' } },
  { name: 'ticket (admin)', remote: 'admin', path: adminPaths.ticket(11), route: '/admin/tickets/details/:id', params: { id: '11' } },
];

/**
 * The pattern of the route `path` lands on among `routes` (a remote's <Route>s, below `basename`
 * for nested ones), or null when none but a catch-all takes it: an index route is its parent's path.
 */
export function declaredRoute(routes: ReactNode, path: string, basename = '/'): string | null {
  const last = matchRoutes(createRoutesFromChildren(routes), path, basename)?.at(-1)?.route;
  if (!last || last.path?.endsWith('*')) return null;
  const own = last.index ? '' : (last.path ?? '');
  return [basename.replace(/\/$/, ''), own].filter(Boolean).join('/').replace(/\/\//g, '/') || '/';
}
