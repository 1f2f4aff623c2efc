import type { Advice, ApiClient } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/** GET /api/advices/:id. Silent: the page shows its own not-found and error states. */
export function getAdvice(api: ApiClient, id: number, includesUnpublished: boolean): Promise<Advice> {
  return api.get<Advice>(`/advices/${id}`, includesUnpublished ? { includes_unpublished: true } : undefined, { silent: true });
}

export function adviceKey(id: number, scope: { userId: number; entityId: number | null; unpublished: boolean }) {
  return ['advice', id, scope.userId, scope.entityId, scope.unpublished] as const;
}

export function useAdvice(id: number | null) {
  const { api, session } = useRemoteProps();
  const unpublished = session.displayAs?.includesUnpublished ?? false;
  const key = id === null ? null : adviceKey(id, { userId: session.displayedUser.id, entityId: session.selectedEntityId, unpublished });
  return useSWR(key, () => getAdvice(api, id!, unpublished));
}
