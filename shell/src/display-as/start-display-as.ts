import { HEADERS, type CheckDisplayAsResponse, type User } from '@hub/shared/api';
import type { ShellServices } from '../shell-services';

/**
 * Starts display-as (docs/product.md §4): the server's check first; only a 'success' answer starts it, with the
 * displayed user loaded in their name. Anything else fails silently: no toast, nothing changed.
 * Resolves to whether it started.
 */
export async function startDisplayAs(
  services: Pick<ShellServices, 'apis' | 'session'>,
  userId: number,
  includesUnpublished: boolean,
): Promise<boolean> {
  const { apis, session } = services;
  const signedIn = session.getState().user;
  if (!signedIn || session.getState().displayAs) return false;
  try {
    const answer = await apis.ownApi.post<CheckDisplayAsResponse>(
      '/auth/check-display-as',
      { display_as_user_id: userId },
      { silent: true },
    );
    if (answer?.status !== 'success' || answer.display_as_user?.id !== userId) return false;
    const displayed = await apis.ownApi.get<User>('/auth/user', undefined, {
      silent: true,
      headers: { [HEADERS.displayAsUserId]: String(userId) },
    });
    // Someone else may have signed in meanwhile (another tab): then nothing starts.
    if (session.getState().user?.id !== signedIn.id) return false;
    session.setUser(signedIn, { displayAs: { userId, includesUnpublished }, user: displayed });
    return true;
  } catch {
    return false;
  }
}
