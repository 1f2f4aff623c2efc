import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReleaseWatcher } from './release-watcher';

// Fetched the first time an offer is made: most pages never show one.
const ReleaseOffer = lazy(() => import(/* webpackChunkName: "release-offer" */ './release-offer'));

const reloadPage = () => window.location.reload();

/**
 * The release watcher's offer (docs/product.md, "A new version of a part"): a calm notice at the
 * foot of the page, announced politely to screen readers, that never takes the focus and never
 * reloads by itself. "Reload" reloads the page; "Not now" puts the offer aside for this page.
 * The live region is always there, so that its text is announced when it comes (a plain polite
 * region rather than role="status": the page's other status messages stay the only ones by role);
 * what it shows is fetched with the first offer.
 */
export function ReleaseNotice({ watcher, reload = reloadPage }: { watcher: ReleaseWatcher; reload?: () => void }) {
  const offered = useSyncExternalStore(watcher.subscribe, watcher.offered);
  return (
    <Box
      aria-live="polite"
      aria-atomic="true"
      data-release-notice=""
      position="fixed"
      insetInline="4"
      bottom="4"
      zIndex="banner"
      display="flex"
      justifyContent="center"
      pointerEvents="none"
    >
      {offered.length > 0 ? (
        <Suspense fallback={null}>
          <ReleaseOffer offered={offered} dismiss={() => watcher.dismiss()} reload={reload} />
        </Suspense>
      ) : null}
    </Box>
  );
}
