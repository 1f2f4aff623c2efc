import type { ApiClient } from '../api/http-client';
import type { RemoteName } from '../api/remote-access';
import type { User } from '../api/users';
import type { LentDesignSystem } from '../ui/system';

export type { RemoteName };

export type Language = 'en' | 'fr';

export interface DisplayAsState {
  userId: number;
  /** The unpublished-content mode of docs/product.md §1: unpublished content is shown too. */
  includesUnpublished: boolean;
}

export interface HubSession {
  /** The signed-in user. */
  user: User;
  /** The user the portal is shown as: the display-as target, or the signed-in user. */
  displayedUser: User;
  displayAs: DisplayAsState | null;
  /** The entity selected by a contributor or more (sent as X-Entity-ID), or null. */
  selectedEntityId: number | null;
}

export type NotificationKind = 'success' | 'error' | 'warning' | 'info';
export interface Notification {
  kind: NotificationKind;
  message: string;
}
/** The snackbar bus of the shell. */
export type Notify = (notification: Notification) => void;

export interface Preferences {
  theme: 'light' | 'dark' | 'system';
  /** The scheme in force: 'system' resolved against the OS preference. */
  colorScheme: 'light' | 'dark';
  skin: 'default' | 'bordered';
  contentWidth: 'boxed' | 'full';
  isAppRTL: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
}

/**
 * Everything the shell hands a remote when it mounts it (docs/architecture.md, "How the parts meet at run time").
 * The shell calls `update` with a new object when any of it changes (language, session, preferences).
 */
export interface RemoteProps {
  name: RemoteName;
  /** Router basename of the remote: '/' when it owns absolute paths. */
  basePath: string;
  session: HubSession;
  /** The hub API (/api): bearer token, X-Entity-ID and Display-As-User-Id, 401 handling. */
  api: ApiClient;
  /** The admin API (/api/admin): the same, plus Main-Admin-Page. */
  adminApi: ApiClient;
  /** The file-exchange API (/api/v2), with its own token. */
  filesApi: ApiClient;
  notify: Notify;
  language: Language;
  preferences: Preferences;
  navigate: (to: string, options?: NavigateOptions) => void;
  /**
   * Chooses the entity a contributor or more works on (docs/product.md §4: kept in local storage, sent as
   * X-Entity-ID); null forgets it. Every mounted remote receives the new session through `update`.
   */
  selectEntity: (entityId: number | null) => void;
  /**
   * Display-as (docs/product.md §4), for an administrator's console (the users console's row): the shell checks
   * with the server and starts only on success, silently doing nothing otherwise. Resolves to whether
   * it started. Optional: a shell without display-as leaves it out.
   */
  startDisplayAs?: (userId: number, options: { includesUnpublished: boolean }) => Promise<boolean>;
  /** Reloads the session (counters, profile image) after a change made inside the remote. */
  refreshSession: () => Promise<void>;
  /**
   * The signed-in user's OpenID Connect identity token while it is valid, else null: the reporting
   * host's entrance takes it (docs/product.md §9). Renewed by the shell; read it when it is needed.
   */
  identityToken: () => string | null;
  /**
   * The shell's design system, for the remote to use instead of building its own when it fits (same
   * Chakra version, every recipe and palette it needs: `borrowSystem` in @hub/shared/ui). Optional:
   * without it, or when it does not fit, the remote builds its own.
   */
  designSystem?: LentDesignSystem;
  /**
   * Tells the shell of an error the remote's error boundary caught, so that it is counted for the
   * remote's release (the shell keeps its name and first stack frame only, never its message). The
   * shared boundaries call it (RemoteRoot's, a home widget's). Optional, an added optional prop,
   * so no REMOTE_CONTRACT_VERSION bump: a shell without it is not told, a remote built before never calls it.
   */
  reportError?: (error: unknown) => void;
}

/** What a remote's `./app` module exports: single-spa lifecycles made with single-spa-react. */
export interface RemoteLifecycles {
  bootstrap: (props: MountProps) => Promise<unknown>;
  mount: (props: MountProps) => Promise<unknown>;
  unmount: (props: MountProps) => Promise<unknown>;
  update?: (props: MountProps) => Promise<unknown>;
}

/** The props single-spa-react receives: ours plus the element to render into. */
export type MountProps = RemoteProps & { domElement: HTMLElement };

/** The module a remote exposes as `./app`. */
export interface RemoteAppModule {
  default: RemoteLifecycles;
}
