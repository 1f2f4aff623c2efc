import { STORAGE_KEYS, type User } from '@hub/shared/api';
import type { DisplayAsState, HubSession } from '@hub/shared/remote';
import { createTokenStore, isTokenUsable, type ApiTokens, type TokenStore } from './tokens';

export interface SessionState {
  /** 'loading' while a stored token's user is being fetched at start. */
  status: 'signed-out' | 'loading' | 'signed-in';
  user: User | null;
  /** The display-as target while active, else the signed-in user. */
  displayedUser: User | null;
  displayAs: DisplayAsState | null;
  selectedEntityId: number | null;
}

export interface SessionStore {
  readonly tokens: TokenStore;
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** True while the hub token is present and not expired and the user is loaded. */
  isAuthenticated(): boolean;
  setTokens(tokens: ApiTokens): void;
  setLoading(): void;
  /**
   * The signed-in user, loaded. With `displayed`, display-as runs (or goes on) as that user; with
   * null it ends; left out, a running display-as goes on only for the same signed-in person.
   */
  setUser(user: User, displayed?: { displayAs: DisplayAsState; user: User } | null): void;
  setSelectedEntity(entityId: number | null): void;
  /** Starts display-as for the signed-in user (after the server's check said success). */
  startDisplayAs(state: DisplayAsState, displayedUser: User): void;
  stopDisplayAs(): void;
  /**
   * The display-as this tab kept over a reload, if the same person (`userId`) started it; a stale
   * one (another person signed in since) is forgotten.
   */
  resumableDisplayAs(userId: number): DisplayAsState | null;
  /**
   * Forgets the user and the tokens (401, expiry); keeps the provider name and entity. `reason`
   * is written to the console when there was a session to forget: a person sent back to the
   * sign-in page, or a journey that finds itself there, can then tell why.
   */
  clear(reason: string): void;
  /**
   * Ends the loading at start without a user but keeps the tokens: the profile could not be loaded
   * (the network, the server, or the page left while it loaded), which is no reason to forget who
   * signed in. The next visit resumes the session. `reason` is written to the console as clear()'s.
   */
  stopLoading(reason: string): void;
  /** Sign-out: also forgets the selected entity and the provider name (docs/product.md §4). */
  signOut(): void;
  /** The part of the state a remote receives, or null when signed out. */
  toHubSession(): HubSession | null;
}

function readNumber(storage: Storage, key: string): number | null {
  const value = Number(storage.getItem(key));
  return storage.getItem(key) !== null && Number.isInteger(value) ? value : null;
}

/** Display-as as this tab keeps it: with the signed-in person who started it. */
interface StoredDisplayAs extends DisplayAsState {
  signedInUserId: number;
}

function readDisplayAs(storage: Storage): StoredDisplayAs | null {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEYS.displayAs) ?? 'null') as Partial<StoredDisplayAs> | null;
    if (!parsed || typeof parsed.userId !== 'number' || typeof parsed.signedInUserId !== 'number') return null;
    return { userId: parsed.userId, includesUnpublished: parsed.includesUnpublished === true, signedInUserId: parsed.signedInUserId };
  } catch {
    return null;
  }
}

/**
 * The session of the shell: who is signed in, who is displayed, the entity they work on.
 * Display-as is kept in `tabStorage` (session storage: this tab only, so it survives a reload of
 * the tab and never reaches another tab), with the id of the person who started it.
 */
export function createSessionStore(storage: Storage = localStorage, tabStorage: Storage = sessionStorage): SessionStore {
  const tokens = createTokenStore(storage);
  const listeners = new Set<() => void>();
  let state: SessionState = {
    status: 'signed-out',
    user: null,
    displayedUser: null,
    // Confirmed only once the signed-in user is known (resumableDisplayAs): no header before that.
    displayAs: null,
    selectedEntityId: readNumber(storage, STORAGE_KEYS.selectedEntity),
  };
  const keepDisplayAs = (displayAs: DisplayAsState, signedInUserId: number) => {
    const stored: StoredDisplayAs = { ...displayAs, signedInUserId };
    tabStorage.setItem(STORAGE_KEYS.displayAs, JSON.stringify(stored));
  };
  const set = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  /** No one signed in on this page (what else the state holds, the selected entity, stays). */
  const signedOut = { status: 'signed-out', user: null, displayedUser: null, displayAs: null } as const;
  /** Forgets the user, the tokens and this tab's display-as. */
  const forget = () => {
    tokens.clear();
    tabStorage.removeItem(STORAGE_KEYS.displayAs);
    set(signedOut);
  };

  const store: SessionStore = {
    tokens,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isAuthenticated: () => state.user !== null && isTokenUsable(tokens.hub()),
    setTokens: (next) => tokens.set(next),
    setLoading: () => set({ status: 'loading' }),
    setUser(user, displayed) {
      if (displayed) {
        keepDisplayAs(displayed.displayAs, user.id);
        set({ status: 'signed-in', user, displayedUser: displayed.user, displayAs: displayed.displayAs });
        return;
      }
      const goesOn = displayed === undefined && state.displayAs !== null && state.user?.id === user.id;
      if (!goesOn) tabStorage.removeItem(STORAGE_KEYS.displayAs);
      set({
        status: 'signed-in',
        user,
        displayedUser: goesOn ? state.displayedUser : user,
        displayAs: goesOn ? state.displayAs : null,
      });
    },
    setSelectedEntity(entityId) {
      if (entityId === null) storage.removeItem(STORAGE_KEYS.selectedEntity);
      else storage.setItem(STORAGE_KEYS.selectedEntity, String(entityId));
      set({ selectedEntityId: entityId });
    },
    startDisplayAs(displayAs, displayedUser) {
      if (!state.user) return;
      keepDisplayAs(displayAs, state.user.id);
      set({ displayAs, displayedUser });
    },
    stopDisplayAs() {
      tabStorage.removeItem(STORAGE_KEYS.displayAs);
      set({ displayAs: null, displayedUser: state.user });
    },
    resumableDisplayAs(userId) {
      const stored = readDisplayAs(tabStorage);
      if (!stored) return null;
      if (stored.signedInUserId !== userId) {
        tabStorage.removeItem(STORAGE_KEYS.displayAs);
        return null;
      }
      return { userId: stored.userId, includesUnpublished: stored.includesUnpublished };
    },
    clear(reason) {
      if (state.user || tokens.hub()) console.warn(`Signed out: ${reason}`);
      forget();
    },
    stopLoading(reason) {
      console.warn(`Signed out: ${reason}; the tokens are kept for the next visit`);
      set(signedOut);
    },
    signOut() {
      storage.removeItem(STORAGE_KEYS.selectedEntity);
      storage.removeItem(STORAGE_KEYS.providerName);
      state = { ...state, selectedEntityId: null };
      forget();
    },
    toHubSession: () => toHubSession(state),
  };
  return store;
}

/** The part of a session state a remote receives, or null when signed out. */
export function toHubSession(state: SessionState): HubSession | null {
  if (!state.user || !state.displayedUser) return null;
  return {
    user: state.user,
    displayedUser: state.displayedUser,
    displayAs: state.displayAs,
    selectedEntityId: state.selectedEntityId,
  };
}

/**
 * Who the portal is shown as, and for which entity: remote areas are keyed by it, so that starting
 * or stopping display-as, or choosing another entity, mounts them afresh (no stale data shown).
 */
export function viewKey(state: Pick<SessionState, 'displayedUser' | 'displayAs' | 'selectedEntityId'>): string {
  const mode = state.displayAs ? (state.displayAs.includesUnpublished ? 'unpublished' : 'standard') : 'own';
  return `${state.displayedUser?.id ?? 0}:${mode}:${state.selectedEntityId ?? ''}`;
}
