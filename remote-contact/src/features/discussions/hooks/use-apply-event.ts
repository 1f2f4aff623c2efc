import type { DiscussionEvent, DiscussionThread } from '@hub/shared/api';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isThreadKey } from '../api/get-thread';

/**
 * Puts a live event's message into the cached thread at once (no round trip before it shows),
 * then the caller revalidates, which also marks it read on the server.
 */
export function useApplyEvent(userId: number) {
  const { mutate } = useSWRConfig();
  return useCallback(
    (event: DiscussionEvent) => {
      const apply = (thread: DiscussionThread | undefined): DiscussionThread | undefined => {
        if (!thread) return thread;
        const { message } = event;
        if (event.type === 'message.created' && message && !thread.messages.some((m) => m.id === message.id)) {
          return { ...thread, messages: [...thread.messages, message] };
        }
        if (event.type === 'message.updated' && message) {
          return { ...thread, messages: thread.messages.map((m) => (m.id === message.id ? message : m)) };
        }
        if (event.type === 'message.deleted') return { ...thread, messages: thread.messages.filter((m) => m.id !== event.message_id) };
        return thread;
      };
      return mutate((key) => isThreadKey(key, event.discussion_id, userId), apply, { revalidate: false });
    },
    [mutate, userId],
  );
}
