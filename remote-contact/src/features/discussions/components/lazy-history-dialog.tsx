import type { Discussion } from '@hub/shared/api';
import { lazy, Suspense, useState } from 'react';

const HistoryDialog = lazy(() => import('./history-dialog').then((module) => ({ default: module.HistoryDialog })));

/**
 * The message-history modal, fetched the first time a history is opened: /contact's first screen
 * does not show it, and Chakra's Dialog with its focus trap is about 8 kB gzip of the page. Once
 * opened it stays mounted, so that it closes as it opened.
 */
export function LazyHistoryDialog({ discussion, onClose }: { discussion: Discussion | null; onClose: () => void }) {
  const [wanted, setWanted] = useState(discussion !== null);
  if (discussion !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <HistoryDialog discussion={discussion} onClose={onClose} />
    </Suspense>
  );
}
