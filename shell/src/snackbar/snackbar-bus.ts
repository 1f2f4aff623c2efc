import type { Notification, Notify } from '@hub/shared/remote';

export interface SnackbarMessage extends Notification {
  id: number;
}

export interface SnackbarBus {
  /** Shows a message in the global snackbar; handed to remotes as their `notify` prop. */
  notify: Notify;
  subscribe(listener: (message: SnackbarMessage) => void): () => void;
}

/** The global snackbar's event bus (SPEC §2): whoever notifies, the host renders. */
export function createSnackbarBus(): SnackbarBus {
  const listeners = new Set<(message: SnackbarMessage) => void>();
  let nextId = 1;
  return {
    notify(notification) {
      const message = { ...notification, id: nextId++ };
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
