import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** Reloads every discussions key (lists, pending, threads): after a change here or a live event. */
export function useRevalidateDiscussions() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => Array.isArray(key) && key[0] === 'discussions'), [mutate]);
}
