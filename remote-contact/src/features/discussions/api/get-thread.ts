import type { ApiClient, DiscussionThread } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/** GET /api/discussions/{id}/messages: the thread, oldest first; reading it marks the messages sent to me read. */
export function getThread(api: ApiClient, id: number): Promise<DiscussionThread> {
  return api.get<DiscussionThread>(`/discussions/${id}/messages`);
}

export function threadKey(id: number, userId: number) {
  return ['discussions', 'thread', id, userId] as const;
}

export function useThread(id: number | null) {
  const { api, session } = useRemoteProps();
  return useSWR(id === null ? null : threadKey(id, session.displayedUser.id), () => getThread(api, id!));
}
