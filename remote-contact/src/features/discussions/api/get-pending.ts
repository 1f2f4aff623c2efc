import type { ApiClient, PendingList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/** GET /api/discussions/pending: a consultant's customers (a customer's consultants) and what waits from each. */
export function getPending(api: ApiClient): Promise<PendingList> {
  return api.get<PendingList>('/discussions/pending');
}

export function pendingKey(userId: number) {
  return ['discussions', 'pending', userId] as const;
}

export function usePending() {
  const { api, session } = useRemoteProps();
  return useSWR(pendingKey(session.displayedUser.id), () => getPending(api));
}
