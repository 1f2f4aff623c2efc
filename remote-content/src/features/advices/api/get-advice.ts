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

/** The preview of a draft: the admin API's copy (contributors or more, of their entity). */
export function getAdvicePreview(adminApi: ApiClient, id: number): Promise<Advice> {
  return adminApi.get<Advice>(`/advices/${id}`, undefined, { silent: true });
}

export function useAdvice(id: number | null, preview = false) {
  const { api, adminApi, session } = useRemoteProps();
  const unpublished = session.displayAs?.includesUnpublished ?? false;
  const key = id === null ? null : adviceKey(id, { userId: session.displayedUser.id, entityId: session.selectedEntityId, unpublished });
  return useSWR(preview && id !== null ? ['advice-preview', id] : key, () =>
    preview ? getAdvicePreview(adminApi, id!) : getAdvice(api, id!, unpublished),
  );
}
