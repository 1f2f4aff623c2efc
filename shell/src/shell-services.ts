import { errorStatus, HEADERS, isAdministrator, statusToast, type RemoteEntry, type RemoteList, type User } from '@hub/shared/api';
import { switchLanguage } from '@hub/shared/i18n';
import type { Language } from '@hub/shared/remote';
import type { i18n as I18n } from 'i18next';
import { createLanguageStore, type LanguageStore } from './language/language';
import { createShellI18n } from './language/shell-i18n';
import { paths } from './paths';
import { createPreferencesStore, type PreferencesStore } from './preferences/preferences';
import { takeEarlyRemotes } from './remotes/early-remotes';
import { createFederatedLoader, type RemoteLoader } from './remotes/federated-loader';
import { createShellApis, type ShellApis } from './session/api-clients';
import { effectiveRights } from './session/effective-rights';
import { createSessionStore, type SessionStore } from './session/session-store';
import { isTokenUsable } from './session/tokens';
import { createSnackbarBus, type SnackbarBus } from './snackbar/snackbar-bus';

/** Everything the shell's components use, made once at start (and by tests, against a local server). */
export interface ShellServices {
  session: SessionStore;
  apis: ShellApis;
  snackbar: SnackbarBus;
  language: LanguageStore;
  preferences: PreferencesStore;
  i18n: I18n;
  remoteLoader: RemoteLoader;
  /** Who the page shows: the signed-in person, or the displayed one during display-as. */
  shownPerson(): string;
  /** GET /api/remotes for the person shown, without a toast on failure (the release watcher's). */
  listRemotes(): Promise<RemoteEntry[]>;
  /** Loads the signed-in user again (start, navigation, a remote's refreshSession). */
  reloadUser(): Promise<User>;
  /** When the user was last loaded (ms since epoch), 0 before. */
  userLoadedAt(): number;
}

export interface ShellServicesOptions {
  language: Language;
  /** Navigation from outside React (a 401): the history bridge makes the router follow. */
  navigate?: (to: string) => void;
  origin?: string;
  fetch?: typeof fetch;
  remoteLoader?: RemoteLoader;
}

export function createShellServices(options: ShellServicesOptions): ShellServices {
  const navigate = options.navigate ?? ((to: string) => window.history.pushState(null, '', to));
  const snackbar = createSnackbarBus();
  const session = createSessionStore();
  const i18n = createShellI18n(options.language);
  const preferences = createPreferencesStore();
  const apis = createShellApis({ session, navigate, notify: snackbar.notify, origin: options.origin, fetch: options.fetch });
  const language = createLanguageStore({
    initial: options.language,
    onChange: (next) => {
      void switchLanguage(i18n, next);
      // The server keeps the language too, so that the emails speak it (never during display-as).
      const state = session.getState();
      if (state.user && !state.displayAs)
        apis.ownApi.put('/notifications/preferences', { language: next }, { silent: true }).catch(() => {});
    },
  });
  let loadedAt = 0;

  // Releases are given per person: during display-as, the displayed person's (the API client sends
  // Display-As-User-Id), so that support sees what the customer sees.
  const shownPerson = () => {
    const displayAs = session.getState().displayAs;
    return displayAs ? `as:${displayAs.userId}` : 'own';
  };
  const askRemotes = async (silent: boolean) => (await apis.api.get<RemoteList>('/remotes', undefined, { silent })).remotes;
  // The page's first list may have been asked before the shell's entry ran (theme-boot): taken
  // when the page shows the person it was asked for (the display-as this tab kept, once confirmed).
  let early = options.remoteLoader ? undefined : takeEarlyRemotes();
  const remoteLoader =
    options.remoteLoader ??
    createFederatedLoader({
      listRemotes: () => {
        if (!early || early.person !== shownPerson()) return askRemotes(false);
        const { remotes } = early;
        early = undefined;
        return remotes.catch(() => askRemotes(false));
      },
      rights: () => effectiveRights(session.getState()),
      language: () => language.get(),
      person: shownPerson,
    });

  return {
    session,
    apis,
    snackbar,
    language,
    preferences,
    i18n,
    remoteLoader,
    shownPerson,
    listRemotes: () => askRemotes(true),
    async reloadUser() {
      // The signed-in person first, in their own name; then, during display-as (or when this tab
      // kept one over a reload, started by the same person), the displayed user.
      const user = await apis.ownApi.get<User>('/auth/user');
      const state = session.getState();
      const displayAs = state.displayAs && state.user?.id === user.id ? state.displayAs : session.resumableDisplayAs(user.id);
      let displayed: User | null = null;
      if (displayAs && isAdministrator(user.rights)) {
        displayed = await apis.api
          .get<User>('/auth/user', undefined, { silent: true, headers: { [HEADERS.displayAsUserId]: String(displayAs.userId) } })
          .catch(() => null);
      }
      loadedAt = Date.now();
      session.setUser(user, displayAs && displayed ? { displayAs, user: displayed } : null);
      return user;
    },
    userLoadedAt: () => loadedAt,
  };
}

/**
 * How long to wait before asking again for a returning person's profile, after each failure other
 * than a 401: a server restarting or a moment without network should not send them to sign in.
 */
export const RESUME_RETRY_MS = [1_000, 3_000];

/**
 * At start: a stored, unexpired hub token means a returning user, whose profile is loaded first.
 * Returns the loading (settled either way), or null when there is no one to resume.
 */
export function resumeSession(
  services: ShellServices,
  pathname: string = window.location.pathname,
  retryMs: readonly number[] = RESUME_RETRY_MS,
): Promise<unknown> | null {
  const { session } = services;
  if (!isTokenUsable(session.tokens.hub())) {
    if (session.tokens.hub()) session.clear('the stored token has expired');
    // A page other than the sign-in page opened with no token in this browser: said, as clear()
    // says why it forgets one, so that a person (or a journey) sent to /login can tell which.
    else if (pathname !== paths.login) console.warn(`Signed out: no token stored when ${pathname} opened`);
    return null;
  }
  session.setLoading();
  const load = (attempt: number): Promise<unknown> =>
    services.reloadUser().catch(async (error: unknown): Promise<unknown> => {
      // A 401 has cleared the session already (api-clients.ts).
      if (session.getState().status !== 'loading') return undefined;
      const wait = retryMs[attempt];
      if (wait !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        return load(attempt + 1);
      }
      // Any other failure (the server, the network, or this page left while it loaded) keeps the
      // tokens: forgetting them there signed a person out of every page of this browser. The
      // profile's client shows no error of its own, so the person is told here, once, why they see
      // the sign-in page (the attempts before were made without a word).
      session.stopLoading('the user could not be loaded');
      services.snackbar.notify({ kind: 'error', message: statusToast(errorStatus(error) ?? 0) });
      return undefined;
    });
  return load(0);
}
