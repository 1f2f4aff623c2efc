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
  setUser(user: User): void;
  setSelectedEntity(entityId: number | null): void;
  startDisplayAs(state: DisplayAsState, displayedUser: User): void;
  stopDisplayAs(): void;
  /** Forgets the user and the tokens (401, expiry); keeps the provider name and entity. */
  clear(): void;
  /** Sign-out: also forgets the selected entity and the provider name (SPEC §4). */
  signOut(): void;
  /** The part of the state a remote receives, or null when signed out. */
  toHubSession(): HubSession | null;
}

function readNumber(storage: Storage, key: string): number | null {
  const value = Number(storage.getItem(key));
  return storage.getItem(key) !== null && Number.isInteger(value) ? value : null;
}

function readDisplayAs(storage: Storage): DisplayAsState | null {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEYS.displayAs) ?? 'null') as DisplayAsState | null;
    return parsed && typeof parsed.userId === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** The session of the shell: who is signed in, who is displayed, the entity they work on. */
export function createSessionStore(storage: Storage = localStorage): SessionStore {
  const tokens = createTokenStore(storage);
  const listeners = new Set<() => void>();
  let state: SessionState = {
    status: 'signed-out',
    user: null,
    displayedUser: null,
    displayAs: readDisplayAs(storage),
    selectedEntityId: readNumber(storage, STORAGE_KEYS.selectedEntity),
  };
  const set = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
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
    setUser(user) {
      // A display-as target is loaded separately (later); until then the user shows as themself.
      const displayedUser = state.displayAs && state.displayedUser?.id === state.displayAs.userId ? state.displayedUser : user;
      set({ status: 'signed-in', user, displayedUser });
    },
    setSelectedEntity(entityId) {
      if (entityId === null) storage.removeItem(STORAGE_KEYS.selectedEntity);
      else storage.setItem(STORAGE_KEYS.selectedEntity, String(entityId));
      set({ selectedEntityId: entityId });
    },
    startDisplayAs(displayAs, displayedUser) {
      storage.setItem(STORAGE_KEYS.displayAs, JSON.stringify(displayAs));
      set({ displayAs, displayedUser });
    },
    stopDisplayAs() {
      storage.removeItem(STORAGE_KEYS.displayAs);
      set({ displayAs: null, displayedUser: state.user });
    },
    clear() {
      tokens.clear();
      storage.removeItem(STORAGE_KEYS.displayAs);
      set({ status: 'signed-out', user: null, displayedUser: null, displayAs: null });
    },
    signOut() {
      storage.removeItem(STORAGE_KEYS.selectedEntity);
      storage.removeItem(STORAGE_KEYS.providerName);
      state = { ...state, selectedEntityId: null };
      store.clear();
    },
    toHubSession() {
      if (!state.user || !state.displayedUser) return null;
      return {
        user: state.user,
        displayedUser: state.displayedUser,
        displayAs: state.displayAs,
        selectedEntityId: state.selectedEntityId,
      };
    },
  };
  return store;
}
