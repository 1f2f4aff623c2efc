import type { Notification, Notify } from '@hub/shared/remote';

export interface SnackbarMessage extends Notification {
  id: number;
}

export interface SnackbarBus {
  /** Shows a message in the global snackbar; handed to remotes as their `notify` prop. */
  notify: Notify;
  subscribe(listener: (message: SnackbarMessage) => void): () => void;
}

/**
 * The global snackbar's event bus (docs/product.md §2): whoever notifies, the host renders. A message sent
 * before the host listens (a page's first effect runs before a later sibling's) waits for it.
 */
export function createSnackbarBus(): SnackbarBus {
  const listeners = new Set<(message: SnackbarMessage) => void>();
  const waiting: SnackbarMessage[] = [];
  let nextId = 1;
  return {
    notify(notification) {
      const message = { ...notification, id: nextId++ };
      if (listeners.size === 0) waiting.push(message);
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      for (const message of waiting.splice(0)) listener(message);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
