import type { SessionStore } from '../session/session-store';

/** Set before leaving for /login, so the sign-in page shows the goodbye toast once there. */
export const SIGNED_OUT_FLAG = 'hub.signed-out';

/**
 * Sign-out (SPEC §4): the tokens, the selected entity, the provider name and the identity
 * client's stored user are forgotten; the guard then sends the page to /login, which shows the
 * toast. This is a local sign-out: the provider's end-session page asks for a confirmation
 * before coming back, which would leave the user on the provider's page.
 */
export function signOut(session: SessionStore, storage: Storage = localStorage, flags: Storage = sessionStorage): void {
  flags.setItem(SIGNED_OUT_FLAG, '1');
  const identityKeys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith('oidc.')) identityKeys.push(key);
  }
  for (const key of identityKeys) storage.removeItem(key);
  session.signOut();
  // Stops the renew timer when the identity client is loaded (it always is on a signed-in page).
  import('./oidc-client').then((oidc) => oidc.forgetIdentity()).catch(() => undefined);
}

/** True once after a sign-out: the flag is consumed. */
export function takeSignedOutFlag(flags: Storage = sessionStorage): boolean {
  const set = flags.getItem(SIGNED_OUT_FLAG) !== null;
  flags.removeItem(SIGNED_OUT_FLAG);
  return set;
}
