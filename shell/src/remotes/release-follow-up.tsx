import { useEffect } from 'react';
import { useShell } from '../shell-context';
import { ReleaseNotice } from './release-notice';
import { releaseServices } from './release-services';

/** Runs `task` when the browser is idle (a task later where it cannot tell); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}

/**
 * What follows the page's releases once the first signed-in screen is up (docs/architecture.md,
 * "The start sequence", point 4): when the browser is idle, the browser figures start listening and
 * sending, and the release watcher starts asking; a change of the shown person (display-as started
 * or stopped) makes it ask at once. Both stop on sign-out. Renders the watcher's offer.
 */
export function ReleaseFollowUp() {
  const services = useShell();
  useEffect(() => {
    const { session, shownPerson } = services;
    const { clientEvents, releaseWatcher } = releaseServices(services);
    let person = shownPerson();
    let unsubscribe = () => {};
    const cancel = whenIdle(() => {
      person = shownPerson();
      clientEvents.start();
      releaseWatcher.start();
      unsubscribe = session.subscribe(() => {
        if (shownPerson() === person) return;
        person = shownPerson();
        void releaseWatcher.check();
      });
    });
    return () => {
      cancel();
      unsubscribe();
      releaseWatcher.stop();
      clientEvents.stop();
    };
  }, [services]);
  return <ReleaseNotice watcher={releaseServices(services).releaseWatcher} />;
}
