import { useState } from 'react';

/**
 * A list's delete behind the confirmation: `ask(item)` opens it; once confirmed, `remove(item)`
 * (the call and its success toast), the dialog closed, then `onDeleted()` (the list revalidated).
 * A refused call keeps the dialog open: the API client's own toast says what failed.
 * `dialog` is spread on `DeleteConfirmDialog` or `LazyDeleteConfirmDialog`.
 */
export function useDeleteConfirm<T>(remove: (item: T) => Promise<unknown>, onDeleted: () => Promise<unknown>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (deleting === null) return;
    setBusy(true);
    try {
      await remove(deleting);
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
