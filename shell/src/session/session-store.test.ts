import { STORAGE_KEYS } from '@hub/shared/api';
import { createSessionStore } from './session-store';
import { catchWarnings } from '../test-support/console-warnings';

describe('session.clear', () => {
  const warnings = catchWarnings();

  it('should forget the tokens and say why, when there was a session to forget', () => {
    localStorage.setItem(STORAGE_KEYS.hubToken, 'hub-token');
    localStorage.setItem(STORAGE_KEYS.filesToken, 'files-token');
    localStorage.setItem(STORAGE_KEYS.providerName, 'default');
    const session = createSessionStore();
    session.clear('the server refused the token (401 Unauthorized)');
    expect(warnings.spy).toHaveBeenCalledWith('Signed out: the server refused the token (401 Unauthorized)');
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.filesToken)).toBeNull();
    // Kept for the next sign-in.
    expect(localStorage.getItem(STORAGE_KEYS.providerName)).toBe('default');
    expect(session.getState().status).toBe('signed-out');
  });

  it('should say nothing when no one was signed in, nor when the person signs out', () => {
    createSessionStore().clear('the stored token has expired');
    localStorage.setItem(STORAGE_KEYS.hubToken, 'hub-token');
    const session = createSessionStore();
    session.signOut();
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBeNull();
    expect(warnings.spy).not.toHaveBeenCalled();
  });
});
