import { TUS_ENDPOINT, type ApiClient } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { useLimits } from '../../api/file-exchange';
import { UploadQueue, type UploadEntry } from './upload-queue';

/** The tus endpoint beside the client's base: `/api/v2` → `/api/v2/uploads`, on the same origin. */
export function tusEndpointOf(filesBaseUrl: string): string {
  return `${filesBaseUrl.replace(/\/+$/, '')}${TUS_ENDPOINT.replace(/^\/api\/v2/, '')}`;
}

interface Held {
  key: string;
  queue: UploadQueue;
  /** The API client of the latest mount (its token and headers are read on every request). */
  api: ApiClient;
  maxSize: number | null;
  /** The mounted areas' revalidations, called when an upload finishes. */
  finished: Set<() => void>;
}

/**
 * Bytes per PATCH request: large enough to cost nothing in round trips, small enough that a proxy's
 * body limit or timeout never sees a whole multi-gigabyte file. Component tests set a small one.
 */
export const uploadSettings = { chunkSize: 50 * 1024 * 1024 };

// One queue per person for the page's life, outside React: the shell unmounts this remote when the
// user leaves /collectmaster, and the uploads go on meanwhile; back in a folder, they show as they stand.
let held: Held | null = null;

function holdQueue(api: ApiClient, userId: number): Held {
  const key = `${userId}|${api.baseUrl}`;
  if (held?.key === key) {
    held.api = api;
    return held;
  }
  held?.queue.dispose();
  const next: Held = { key, api, maxSize: null, finished: new Set(), queue: null as unknown as UploadQueue };
  next.queue = new UploadQueue({
    endpoint: tusEndpointOf(api.baseUrl),
    headers: () => next.api.authHeaders(),
    maxSize: () => next.maxSize,
    scope: String(userId),
    chunkSize: uploadSettings.chunkSize,
    onUploaded: () => next.finished.forEach((revalidate) => revalidate()),
  });
  held = next;
  return next;
}

/** Stops and forgets the uploads (sign-out, and between component tests). */
export function forgetUploads(): void {
  held?.queue.dispose();
  held = null;
}

const UploadsContext = createContext<UploadQueue | null>(null);

/**
 * Gives the remote's pages the person's upload queue. A finished upload revalidates the lists it
 * changes (the folder's files, the folders' counts, the latest files).
 */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const { filesApi, session } = useRemoteProps();
  const { data: limits } = useLimits();
  const { mutate } = useSWRConfig();
  const current = holdQueue(filesApi, session.user.id);
  current.maxSize = limits?.max_file_size ?? current.maxSize;
  useEffect(() => {
    const revalidate = () => {
      void mutate((key) => Array.isArray(key) && key[0] === 'cm' && ['files', 'folders', 'latest'].includes(String(key[1])));
    };
    current.finished.add(revalidate);
    return () => {
      current.finished.delete(revalidate);
    };
  }, [current, mutate]);
  return <UploadsContext.Provider value={current.queue}>{children}</UploadsContext.Provider>;
}

export function useUploadQueue(): UploadQueue {
  const queue = useContext(UploadsContext);
  if (!queue) throw new Error('useUploadQueue() outside UploadsProvider');
  return queue;
}

/** The uploads as they stand, re-rendering on every change. */
export function useUploads(): readonly UploadEntry[] {
  const queue = useUploadQueue();
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}
