import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';

/**
 * A console list's delete: the row asked about, then, once confirmed, the call, the toast and the
 * list revalidated. `dialog` is spread on the delete confirmation.
 */
export function useConsoleDelete<T>(remove: (item: T) => Promise<unknown>, deletedMessage: string, onDeleted: () => Promise<unknown>) {
  const { notify } = useRemoteProps();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting);
      notify({ kind: 'success', message: deletedMessage });
      setDeleting(null);
      await onDeleted();
    } catch {
      // The API client's own toast says what failed.
    } finally {
      setBusy(false);
    }
  }

  return {
    deleting,
    ask: setDeleting,
    dialog: { open: deleting !== null, busy, onCancel: () => setDeleting(null), onConfirm: () => void confirm() },
  };
}
