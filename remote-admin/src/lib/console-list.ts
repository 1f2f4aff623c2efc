import { useRemoteProps } from '@hub/shared/remote';
import { useDeleteConfirm, type ListPage } from '@hub/shared/ui';

/** What a console list's SWR hook answers, as `listFrameState` reads it. */
export interface ListSource<T> {
  data: ListPage<T> | undefined;
  error: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * The `ListFrame` props of a list's SWR answer: the skeleton only while no page is there yet (a
 * change of page or search keeps showing the previous page until the next one arrives).
 */
export function listFrameState<T>({ data, error, isLoading, isValidating, mutate }: ListSource<T>) {
  return { data, loading: isLoading || (isValidating && !data), error: Boolean(error), onRetry: () => void mutate() };
}

/** A console list's delete (`useDeleteConfirm`) with the console's success toast. */
export function useConsoleDelete<T>(remove: (item: T) => Promise<unknown>, deletedMessage: string, onDeleted: () => Promise<unknown>) {
  const { notify } = useRemoteProps();
  return useDeleteConfirm(async (item: T) => {
    await remove(item);
    notify({ kind: 'success', message: deletedMessage });
  }, onDeleted);
}
