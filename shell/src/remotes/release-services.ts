import type { RemoteEntry, RemoteName } from '@hub/shared/api';
import type { ShellServices } from '../shell-services';
import { clientEventsSender, createClientEvents, type ClientEventsCollector } from './client-events';
import { createReleaseWatcher, type ReleaseWatcher } from './release-watcher';

export interface ReleaseServices {
  /** The browser figures of the page's releases (started when the browser is idle after the first screen). */
  clientEvents: ClientEventsCollector;
  /** Offers a reload when a release the page holds is no longer its person's (started likewise). */
  releaseWatcher: ReleaseWatcher;
}

const made = new WeakMap<ShellServices, ReleaseServices>();
const noReleases: ReadonlyMap<RemoteName, RemoteEntry> = new Map();

/**
 * The figures and the watcher of the shell's services, made on first use. They live in the signed-in
 * part of the shell (the remote areas, the home widgets, the follow-up), not in its entry: the
 * sign-in page carries none of them.
 */
export function releaseServices(services: ShellServices): ReleaseServices {
  let found = made.get(services);
  if (!found) {
    const loader = services.remoteLoader;
    found = {
      clientEvents: createClientEvents({ releases: () => loader.releases?.() ?? noReleases, send: clientEventsSender(services.apis.api) }),
      releaseWatcher: createReleaseWatcher({ list: () => services.listRemotes(), loader, person: services.shownPerson }),
    };
    made.set(services, found);
  }
  return found;
}
