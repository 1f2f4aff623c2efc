import { declaredRoute, PORTAL_PATH_CASES } from '@hub/shared/test-support/portal-path-cases';
import { consoleRoutes } from './app-routes';

// The paths the server hands out for the consoles' items (the administrators' search) open on the
// console's own route, not on the consoles' index.
describe('the admin remote’s routes', () => {
  it.each(PORTAL_PATH_CASES.filter((each) => each.remote === 'admin').map((each) => [each.name, each] as const))(
    '%s opens on its route',
    (_name, each) => {
      expect(declaredRoute(consoleRoutes(), each.path)).toBe(each.route);
    },
  );
});
