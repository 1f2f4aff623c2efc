import { statusToast, STORAGE_KEYS } from '@hub/shared/api';
import { makeUser } from '@hub/shared/remote';
import { startApiServer, type Answer } from '@hub/shared/test-support';
import { createShellServices, resumeSession } from './shell-services';
import { catchWarnings } from './test-support/console-warnings';
import { makeServices } from './test-support/render-shell';

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

describe('resumeSession, when the profile cannot be loaded', () => {
  const api = startApiServer();
  const warnings = catchWarnings();
  /** Resumes with a stored token against the local server, which answers GET /api/auth/user in turn with `answers` (the last one again after). */
  const resume = async (...answers: Answer[]) => {
    api.routes = [(_req, request) => (request.path === '/api/auth/user' ? (answers.length > 1 ? answers.shift() : answers[0]) : undefined)];
    // A returning person: the shell's services with a stored token.
    const services = makeServices(api.origin);
    const toasts: string[] = [];
    services.snackbar.subscribe((message) => toasts.push(message.message));
    const seenBefore = api.seen.length;
    // No wait between the attempts here: the delays are the product's choice, not this test's.
    await resumeSession(services, '/contact', [0, 0]);
    return { state: services.session.getState(), asked: api.seen.length - seenBefore, toasts };
  };
  // The API client writes each failed call to the console: caught here, read in the tests.
  let errors: jest.SpyInstance;
  beforeEach(() => void (errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)));
  afterEach(() => errors.mockRestore());
  const unavailable: Answer = { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'The database is busy' } };

  it('should ask again after a failure other than a 401, and resume the session', async () => {
    const { state, asked, toasts } = await resume(unavailable, { status: 200, body: makeUser({ first_name: 'Nina' }) });
    expect(asked).toBe(2);
    expect([state.status, state.user?.first_name]).toEqual(['signed-in', 'Nina']);
    // The failed attempt that was made again said nothing.
    expect(toasts).toEqual([]);
  });

  it('should keep the tokens when every attempt fails, and say so', async () => {
    const { state, asked, toasts } = await resume(unavailable);
    expect(asked).toBe(3);
    // The person is told once why they see the sign-in page, in the API's usual words.
    expect(toasts).toEqual([statusToast(503)]);
    expect(errors).toHaveBeenCalledWith('GET /auth/user failed: 503 The database is busy');
    expect([state.status, state.user]).toEqual(['signed-out', null]);
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBe('hub-token');
    expect(warnings.spy).toHaveBeenCalledWith('Signed out: the user could not be loaded; the tokens are kept for the next visit');
  });

  it('should forget the tokens at once when the server refuses them', async () => {
    const { state, asked, toasts } = await resume({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Session ended' },
    });
    expect(asked).toBe(1);
    expect(toasts).toEqual([]);
    expect(state.status).toBe('signed-out');
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBeNull();
  });
});
