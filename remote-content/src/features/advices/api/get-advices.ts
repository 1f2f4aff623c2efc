import type { AdviceList, AdviceListQuery, ApiClient } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useDeferredData } from '@hub/shared/ui';
import useSWR from 'swr';

/** GET /api/advices: the advices the displayed user may read, one page of them. */
export function getAdvices(api: ApiClient, query: AdviceListQuery = {}): Promise<AdviceList> {
  return api.get<AdviceList>('/advices', query);
}

/**
 * The SWR key of a list: the query, and who is looking (the displayed user, the selected entity,
 * the display-as mode), since the server answers each of them differently.
 */
export function advicesKey(query: AdviceListQuery, scope: { userId: number; entityId: number | null; unpublished: boolean }) {
  return ['advices', scope.userId, scope.entityId, scope.unpublished, query] as const;
}

export function useAdvices(query: AdviceListQuery = {}) {
  const { api, session } = useRemoteProps();
  const unpublished = session.displayAs?.includesUnpublished ?? false;
  const fullQuery: AdviceListQuery = unpublished ? { ...query, includes_unpublished: true } : query;
  const key = advicesKey(fullQuery, {
    userId: session.displayedUser.id,
    entityId: session.selectedEntityId,
    unpublished,
  });
  return useDeferredData(useSWR(key, () => getAdvices(api, fullQuery)));
}
