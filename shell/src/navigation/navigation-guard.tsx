import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { InitialLoader } from '../initial-loader';
import { useSessionState, useShell } from '../shell-context';
import { effectiveRights } from '../session/effective-rights';
import { decideNavigation } from './decide-navigation';

/** The user is loaded again on a navigation at most this often (counters, rights). */
const USER_REFRESH_MS = 60_000;

/**
 * Runs decideNavigation on every navigation (docs/product.md §2). The auth state is refreshed each time:
 * the token must still be there and unexpired, and a user loaded long ago is loaded again.
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const services = useShell();
  const { session } = services;
  const state = useSessionState();
  const { pathname } = useLocation();
  const authenticated = session.isAuthenticated();

  useEffect(() => {
    if (state.user && !authenticated) {
      session.clear(session.tokens.hub() ? 'the token has expired' : 'the token was removed (another tab signed out)');
    } else if (authenticated && Date.now() - services.userLoadedAt() > USER_REFRESH_MS) {
      services.reloadUser().catch(() => undefined);
    }
  }, [pathname, state.user, authenticated, session, services]);

  if (state.status === 'loading') return <InitialLoader />;
  const displayed = state.displayedUser;
  const decision = decideNavigation({
    path: pathname,
    authenticated,
    rights: effectiveRights(state),
    discussions: displayed ? { open: displayed.open_discussion_counter, closed: displayed.close_discussion_counter } : undefined,
    displayAs: state.displayAs !== null,
  });
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  return <>{children}</>;
}
