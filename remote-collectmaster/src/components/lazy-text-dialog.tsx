import { lazy, Suspense } from 'react';
import type { TextDialogProps } from './text-dialog';

const TextDialog = lazy(() => import('./text-dialog').then((module) => ({ default: module.TextDialog })));

/** The staff's small forms, fetched when one first opens: a customer never downloads the dialog's code. */
export function LazyTextDialog(props: TextDialogProps) {
  return (
    <Suspense fallback={null}>
      <TextDialog {...props} />
    </Suspense>
  );
}
