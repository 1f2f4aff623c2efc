import { lazy, Suspense, useState } from 'react';
import type { DeleteConfirmDialogProps } from './delete-confirm-dialog';

const DeleteConfirmDialog = lazy(() => import('./delete-confirm-dialog').then((module) => ({ default: module.DeleteConfirmDialog })));

/**
 * The shared delete confirmation, fetched the first time it opens: a console list page does not
 * download the dialog's code (Chakra's Dialog, ≈ 14 kB gzip) until someone asks to delete.
 */
export function LazyDeleteConfirmDialog(props: DeleteConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DeleteConfirmDialog {...props} />
    </Suspense>
  );
}
