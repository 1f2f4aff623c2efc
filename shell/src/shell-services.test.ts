import { STORAGE_KEYS } from '@hub/shared/api';
import { createShellServices, resumeSession } from './shell-services';
import { catchWarnings } from './test-support/console-warnings';

// A token whose payload says it expired in 1970.
const EXPIRED = `x.${btoa(JSON.stringify({ exp: 1 }))}.y`;

describe('resumeSession', () => {
  const warnings = catchWarnings();

  const services = () =>
    createShellServices({ language: 'en', origin: 'http://127.0.0.1:1', remoteLoader: () => Promise.reject(new Error('unused')) });

  it('should say that a page other than the sign-in page opened with no token', () => {
    expect(resumeSession(services(), '/contact')).toBeNull();
    expect(warnings.spy).toHaveBeenCalledWith('Signed out: no token stored when /contact opened');
  });

  it('should say nothing on the sign-in page without a token', () => {
    expect(resumeSession(services(), '/login')).toBeNull();
    expect(warnings.spy).not.toHaveBeenCalled();
  });

  it('should forget an expired token and say so', () => {
    localStorage.setItem(STORAGE_KEYS.hubToken, EXPIRED);
    expect(resumeSession(services(), '/home')).toBeNull();
    expect(warnings.spy).toHaveBeenCalledWith('Signed out: the stored token has expired');
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBeNull();
  });
});
