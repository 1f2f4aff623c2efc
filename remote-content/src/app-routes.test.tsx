import { declaredRoute, PORTAL_PATH_CASES } from '@hub/shared/test-support/portal-path-cases';
import type { ReactElement, ReactNode } from 'react';
import { AppRoutes } from './app-routes';

// The paths the server hands out for this remote's items (search, notifications, reminders) open
// on the route it declares for them, not on its catch-all.
const routes = (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children;

describe('the content remote’s routes', () => {
  it.each(PORTAL_PATH_CASES.filter((each) => each.remote === 'content').map((each) => [each.name, each] as const))(
    '%s opens on its route',
    (_name, each) => {
      expect(declaredRoute(routes, each.path)).toBe(each.route);
    },
  );
});
