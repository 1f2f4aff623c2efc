import { makeUser } from '@hub/shared/remote';
import { decideNavigation } from '../navigation/decide-navigation';
import { effectiveRights } from '../session/effective-rights';
import { flatLinks, navigationFor } from './nav-items';

const consoles = (items: ReturnType<typeof navigationFor>, label: string) =>
  items.find((item) => item.label === label)?.children?.map((child) => child.to);

describe('navigationFor', () => {
  it('should offer a plain user no admin entry', () => {
    const user = makeUser({ rights: ['user'] });
    const labels = navigationFor({ user, displayedUser: user, displayAs: false }).map((item) => item.label);
    expect(labels).toEqual(['home', 'advices', 'news', 'trainings', 'dashboards', 'tickets', 'collectmaster', 'help']);
  });

  it('should offer a contributor the consoles of both admin areas, without categories, and the discussions to whoever has some', () => {
    const user = makeUser({ rights: ['contributor'], open_discussion_counter: 2, close_discussion_counter: 1 });
    const items = navigationFor({ user, displayedUser: user, displayAs: false });
    expect(items.map((item) => item.label)).toEqual(expect.arrayContaining(['contact', 'contactClosed', 'admin', 'entityAdmin']));
    expect(consoles(items, 'admin')).toEqual(['/admin/news-items', '/admin/images', '/admin/trainings', '/documentation']);
    expect(consoles(items, 'entityAdmin')).toEqual([
      '/entity/admin/advices',
      '/entity/admin/dashboard',
      '/entity/admin/users',
      '/entity/documentation',
    ]);
  });

  it('should offer an administrator the categories and the people consoles too', () => {
    const user = makeUser({ rights: ['administrator'] });
    const items = navigationFor({ user, displayedUser: user, displayAs: false });
    expect(consoles(items, 'admin')).toEqual([
      '/admin/news-items',
      '/admin/categories',
      '/admin/images',
      '/admin/trainings',
      '/admin/users',
      '/admin/entities',
      '/admin/groups',
      '/admin/tickets',
      '/admin/audit',
      '/admin/mail',
      '/admin/remotes',
      '/documentation',
    ]);
  });

  it('should offer an administrator displaying a plain user no console and no collectmaster, with her discussions', () => {
    const user = makeUser({ id: 1, rights: ['administrator'] });
    const displayedUser = makeUser({ id: 2, rights: ['user'], open_discussion_counter: 1 });
    const labels = navigationFor({ user, displayedUser, displayAs: true }).map((item) => item.label);
    expect(labels).toEqual(['home', 'advices', 'news', 'trainings', 'dashboards', 'contact', 'tickets', 'help']);
  });

  it('should count the files to review on Collectmaster for the staff only, and never in display-as', () => {
    const collectmaster = (items: ReturnType<typeof navigationFor>) => items.find((item) => item.label === 'collectmaster');
    const contributor = makeUser({ rights: ['user', 'contributor'] });
    const customer = makeUser({ rights: ['user'] });
    expect(collectmaster(navigationFor({ user: contributor, displayedUser: contributor, displayAs: false, filesToReview: 3 }))?.count).toBe(
      3,
    );
    expect(
      collectmaster(navigationFor({ user: contributor, displayedUser: contributor, displayAs: false, filesToReview: 0 }))?.count,
    ).toBeUndefined();
    expect(
      collectmaster(navigationFor({ user: customer, displayedUser: customer, displayAs: false, filesToReview: 2 }))?.count,
    ).toBeUndefined();
    expect(collectmaster(navigationFor({ user: contributor, displayedUser: customer, displayAs: true, filesToReview: 3 }))).toBeUndefined();
  });

  it('should only offer entries the guard lets through', () => {
    for (const rights of [['user'], ['contributor'], ['publisher'], ['administrator']]) {
      const user = makeUser({ rights, open_discussion_counter: 1, close_discussion_counter: 1 });
      for (const displayAs of [false, true]) {
        for (const item of flatLinks(navigationFor({ user, displayedUser: user, displayAs }))) {
          const decision = decideNavigation({
            path: item.to,
            authenticated: true,
            rights: effectiveRights({ user, displayedUser: user }),
            discussions: { open: 1, closed: 1 },
            displayAs,
          });
          expect([rights, item.to, decision]).toEqual([rights, item.to, { allow: true }]);
        }
      }
    }
  });
});
