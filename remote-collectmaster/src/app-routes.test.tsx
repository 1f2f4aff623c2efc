import { declaredRoute, PORTAL_PATH_CASES } from '@hub/shared/test-support/portal-path-cases';
import { areaRoutes } from './app-routes';
import { paths } from './paths';

// The paths the server hands out for Collectmaster's items (search, notifications, reminders) open
// on the page its area declares for them.
describe('the collectmaster remote’s routes', () => {
  it.each(PORTAL_PATH_CASES.filter((each) => each.remote === 'collectmaster').map((each) => [each.name, each] as const))(
    '%s opens on its route',
    (_name, each) => {
      expect(declaredRoute(areaRoutes(), each.path, paths.collectmaster)).toBe(each.route);
    },
  );
});
