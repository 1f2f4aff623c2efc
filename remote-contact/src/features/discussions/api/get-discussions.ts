import type { ApiClient, DiscussionList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

export type DiscussionScope = 'open' | 'all';

/** GET /api/discussions (the open ones) or /api/discussions/all: the displayed user's own discussions. */
export function getDiscussions(api: ApiClient, scope: DiscussionScope): Promise<DiscussionList> {
  return api.get<DiscussionList>(scope === 'open' ? '/discussions' : '/discussions/all');
}

/** Every discussions key starts with 'discussions', so that a live event revalidates them all at once. */
export function discussionsKey(scope: DiscussionScope, userId: number) {
  return ['discussions', 'list', scope, userId] as const;
}

export function useDiscussions(scope: DiscussionScope) {
  const { api, session } = useRemoteProps();
  return useSWR(discussionsKey(scope, session.displayedUser.id), () => getDiscussions(api, scope));
}
