import { createApiClient, type ApiClient } from '../api/http-client';
import type { User } from '../api/users';
import { createHubSystem, HUB_PALETTES, lendSystem } from '../ui/system';
import type { RemoteName, RemoteProps } from './contract';

let shellSystem: ReturnType<typeof createHubSystem> | undefined;

/** A complete user for tests and development pages; override what the case is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    rights: ['user'],
    welcome_message: null,
    profile_image: null,
    contact_enable: false,
    contacts: [],
    clients: [],
    entity: null,
    open_discussion_counter: 0,
    close_discussion_counter: 0,
    pending_message_counter: 0,
    pbi_groups: [],
    ...overrides,
  };
}

/**
 * Props a remote can be mounted with outside the shell (tests, a remote's own checks). The API
 * clients talk to `apiBase` (a real local server in tests); nothing here is a stand-in for our code.
 */
export function makeRemoteProps(name: RemoteName, overrides: Partial<RemoteProps> & { apiBase?: string } = {}): RemoteProps {
  const { apiBase = 'http://127.0.0.1:9/api', ...rest } = overrides;
  const user = rest.session?.user ?? makeUser();
  const api: ApiClient = createApiClient({ baseUrl: apiBase, getToken: () => 'test-token' });
  return {
    name,
    basePath: '/',
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
    api,
    adminApi: api.withBase(`${apiBase}/admin`, () => ({ 'Main-Admin-Page': 'true' })),
    filesApi: api.withBase(`${apiBase}/v2`),
    notify: () => undefined,
    language: 'en',
    preferences: { theme: 'light', colorScheme: 'light', skin: 'default', contentWidth: 'boxed', isAppRTL: false },
    navigate: (to, options) => window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to),
    selectEntity: () => undefined,
    refreshSession: async () => undefined,
    identityToken: () => null,
    // The design system the shell lends a mounted remote, built once per test file when first read;
    // `designSystem: undefined` makes the remote build its own, as with no shell.
    get designSystem() {
      return lendSystem((shellSystem ??= createHubSystem({ preflight: true, palettes: HUB_PALETTES })));
    },
    ...rest,
  };
}

/**
 * Runs a lifecycle call (mount, update, unmount) in a test. A single-spa-react lifecycle resolves
 * only once React has committed, and under act() React commits when the act callback returns:
 * so the call starts inside act() and is awaited after it. `act` is Testing Library's (React's own
 * is missing from production builds, which would warn in every bundle importing this module).
 */
export async function runLifecycle(act: (callback: () => Promise<void>) => Promise<void>, call: () => Promise<unknown>): Promise<void> {
  let done: Promise<unknown> = Promise.resolve();
  await act(async () => {
    done = call();
  });
  await done;
}
