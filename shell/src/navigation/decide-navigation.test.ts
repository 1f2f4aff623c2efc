import { decideNavigation, type NavigationInput } from './decide-navigation';

const user = ['user'];
const contributor = ['contributor'];
const administrator = ['administrator'];

describe('decideNavigation', () => {
  it.each<[string, Omit<NavigationInput, 'path'>, string, string]>([
    // signed out
    ['a signed-out visitor on /home', { authenticated: false, rights: [] }, '/home', '/login'],
    ['a signed-out visitor on the root', { authenticated: false, rights: [] }, '/', '/login'],
    ['a signed-out visitor on /advices/details/3', { authenticated: false, rights: [] }, '/advices/details/3', '/login'],
    ['a signed-out visitor on /error', { authenticated: false, rights: [] }, '/error', '/login'],
    // signed in, public or unknown pages
    ['a signed-in user on /login', { authenticated: true, rights: user }, '/login', '/home'],
    ['a signed-in user on the root', { authenticated: true, rights: user }, '/', '/home'],
    ['a signed-in user on an unknown path', { authenticated: true, rights: user }, '/no/such/page', '/home'],
    ['a signed-in user on a look-alike of an area', { authenticated: true, rights: user }, '/advicesX', '/home'],
    ['a signed-in user under /contact', { authenticated: true, rights: user }, '/contact/extra', '/home'],
    // roles
    ['a user on /admin', { authenticated: true, rights: user }, '/admin', '/home'],
    ['a user on /entity/admin/advices', { authenticated: true, rights: user }, '/entity/admin/advices', '/home'],
    ['a user on /documentation', { authenticated: true, rights: user }, '/documentation', '/home'],
    ['a contributor on /admin/users', { authenticated: true, rights: contributor }, '/admin/users', '/home'],
    ['a publisher on /admin/categories/details/2', { authenticated: true, rights: ['publisher'] }, '/admin/categories/details/2', '/home'],
    ['a contributor on /admin/entities', { authenticated: true, rights: contributor }, '/admin/entities', '/home'],
    ['a publisher on /admin/groups', { authenticated: true, rights: ['publisher'] }, '/admin/groups', '/home'],
    ['a contributor on /admin/audit', { authenticated: true, rights: contributor }, '/admin/audit', '/home'],
    ['a publisher on /admin/remotes', { authenticated: true, rights: ['publisher'] }, '/admin/remotes', '/home'],
    ['a contributor on /admin/tickets/details/4', { authenticated: true, rights: contributor }, '/admin/tickets/details/4', '/home'],
    [
      'an administrator displaying a plain user on /admin/news-items',
      { authenticated: true, rights: user, displayAs: true },
      '/admin/news-items',
      '/home',
    ],
    // conditions on the displayed user
    [
      'a user with no open discussion on /contact',
      { authenticated: true, rights: user, discussions: { open: 0, closed: 2 } },
      '/contact',
      '/home',
    ],
    [
      'a user with no closed discussion on /contact-close',
      { authenticated: true, rights: user, discussions: { open: 1, closed: 0 } },
      '/contact-close',
      '/home',
    ],
    [
      'an administrator displaying as someone on /collectmaster',
      { authenticated: true, rights: administrator, displayAs: true },
      '/collectmaster',
      '/home',
    ],
    ['a signed-out visitor on the user documentation', { authenticated: false, rights: [] }, '/help', '/login'],
    ['a signed-out visitor on /trainings', { authenticated: false, rights: [] }, '/trainings', '/login'],
    ['a signed-in user below connection help', { authenticated: true, rights: user }, '/help/connection/x', '/home'],
  ])('should send %s to the redirect', (_case, input, path, redirect) => {
    expect(decideNavigation({ ...input, path })).toEqual({ redirect });
  });

  it.each<[string, Omit<NavigationInput, 'path'>, string]>([
    ['a signed-out visitor on /login', { authenticated: false, rights: [] }, '/login'],
    ['a signed-out visitor on a not-found page', { authenticated: false, rights: [] }, '/pages/misc/not-found/a/b'],
    ['a signed-in user on a not-found page', { authenticated: true, rights: user }, '/pages/misc/not-found'],
    ['a user on /home', { authenticated: true, rights: user }, '/home'],
    ['a user on /home/ with a trailing slash', { authenticated: true, rights: user }, '/home/'],
    ['a user on /advices/details/4', { authenticated: true, rights: user }, '/advices/details/4'],
    ['a user on /news-items', { authenticated: true, rights: user }, '/news-items'],
    ['a user on /dashboards', { authenticated: true, rights: user }, '/dashboards'],
    ['a user on /trainings', { authenticated: true, rights: user }, '/trainings'],
    ['a user on the user documentation /help', { authenticated: true, rights: user }, '/help'],
    ['a signed-out visitor on connection help', { authenticated: false, rights: [] }, '/help/connection'],
    ['a signed-in user on connection help', { authenticated: true, rights: user }, '/help/connection'],
    ['a user on /tickets', { authenticated: true, rights: user }, '/tickets'],
    ['a user on /collectmaster/files', { authenticated: true, rights: user }, '/collectmaster/files'],
    ['a user on /profile', { authenticated: true, rights: user }, '/profile'],
    ['a user on /error', { authenticated: true, rights: user }, '/error'],
    ['a user with an open discussion on /contact', { authenticated: true, rights: user, discussions: { open: 1, closed: 0 } }, '/contact'],
    [
      'a user with a closed discussion on /contact-close',
      { authenticated: true, rights: user, discussions: { open: 0, closed: 1 } },
      '/contact-close',
    ],
    ['a contributor on /admin', { authenticated: true, rights: contributor }, '/admin'],
    ['a contributor on /admin/news-items/details/3', { authenticated: true, rights: contributor }, '/admin/news-items/details/3'],
    ['a contributor on /entity/admin/users/', { authenticated: true, rights: contributor }, '/entity/admin/users/'],
    ['a contributor on /entity/documentation', { authenticated: true, rights: contributor }, '/entity/documentation'],
    ['an administrator on /admin/users/details/2', { authenticated: true, rights: administrator }, '/admin/users/details/2'],
    ['an administrator on /admin/categories', { authenticated: true, rights: administrator }, '/admin/categories'],
    ['an administrator on /admin/entities', { authenticated: true, rights: administrator }, '/admin/entities'],
    ['an administrator on /admin/remotes', { authenticated: true, rights: administrator }, '/admin/remotes'],
    ['an administrator on /collectmaster as themself', { authenticated: true, rights: administrator, displayAs: false }, '/collectmaster'],
  ])('should let %s through', (_case, input, path) => {
    expect(decideNavigation({ ...input, path })).toEqual({ allow: true });
  });
});
