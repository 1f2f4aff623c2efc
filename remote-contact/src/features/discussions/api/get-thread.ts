import { PAGE_SIZE_MAX, type ApiClient, type DiscussionThread } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import useSWR from 'swr';

/**
 * GET /api/discussions/{id}/messages: the latest messages, then `pages - 1` pages of older ones
 * (by the `before` cursor), oldest first; reading it marks the messages sent to me read.
 */
export async function getThread(api: ApiClient, id: number, pages = 1): Promise<DiscussionThread> {
  const thread = await api.get<DiscussionThread>(`/discussions/${id}/messages`);
  let messages = thread.messages;
  let older = thread.older_cursor;
  for (let page = 1; page < pages && older !== null; page += 1) {
    const previous = await api.get<DiscussionThread>(
      `/discussions/${id}/messages?page_size=${PAGE_SIZE_MAX}&before=${encodeURIComponent(older)}`,
    );
    messages = [...previous.messages, ...messages];
    older = previous.older_cursor;
  }
  return { ...thread, messages, older_cursor: older };
}

/** A thread's keys start with ['discussions', 'thread', id, userId] (then the pages read), for live events to find them. */
export function threadKey(id: number, userId: number, pages = 1) {
  return ['discussions', 'thread', id, userId, pages] as const;
}

export function isThreadKey(key: unknown, id: number, userId: number): boolean {
  return Array.isArray(key) && key[0] === 'discussions' && key[1] === 'thread' && key[2] === id && key[3] === userId;
}

/** The thread, with `loadOlder` reading one more page of older messages (a reload reads them all again, so none is skipped). */
export function useThread(id: number | null) {
  const { api, session } = useRemoteProps();
  const [pages, setPages] = useState({ id, count: 1 });
  const count = pages.id === id ? pages.count : 1;
  const result = useSWR(id === null ? null : threadKey(id, session.displayedUser.id, count), () => getThread(api, id!, count), {
    keepPreviousData: true,
  });
  return { ...result, loadOlder: () => setPages({ id, count: count + 1 }) };
}
