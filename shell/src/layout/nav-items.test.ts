import { makeUser } from '@hub/shared/remote';
import { decideNavigation } from '../navigation/decide-navigation';
import { navigationFor } from './nav-items';

describe('navigationFor', () => {
  it('should offer a plain user no admin entry', () => {
    const user = makeUser({ rights: ['user'] });
    const labels = navigationFor({ user, displayedUser: user, displayAs: false }).map((item) => item.label);
    expect(labels).toEqual(['home', 'advices', 'news', 'trainings', 'dashboards', 'tickets', 'collectmaster', 'help']);
  });

  it('should offer the admin areas to a contributor, and the discussions to whoever has some', () => {
    const user = makeUser({ rights: ['contributor'], open_discussion_counter: 2, close_discussion_counter: 1 });
    const labels = navigationFor({ user, displayedUser: user, displayAs: false }).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['contact', 'contactClosed', 'admin', 'entityAdmin', 'documentation']));
  });

  it('should only offer entries the guard lets through', () => {
    for (const rights of [['user'], ['contributor'], ['publisher'], ['administrator']]) {
      const user = makeUser({ rights, open_discussion_counter: 1, close_discussion_counter: 1 });
      for (const displayAs of [false, true]) {
        for (const item of navigationFor({ user, displayedUser: user, displayAs })) {
          const decision = decideNavigation({
            path: item.to,
            authenticated: true,
            rights,
            discussions: { open: 1, closed: 1 },
            displayAs,
          });
          expect([rights, item.to, decision]).toEqual([rights, item.to, { allow: true }]);
        }
      }
    }
  });
});
