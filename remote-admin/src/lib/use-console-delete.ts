import { useRemoteProps } from '@hub/shared/remote';
import { useDeleteConfirm } from '@hub/shared/ui';

/** A console list's delete (`useDeleteConfirm`) with the console's success toast. */
export function useConsoleDelete<T>(remove: (item: T) => Promise<unknown>, deletedMessage: string, onDeleted: () => Promise<unknown>) {
  const { notify } = useRemoteProps();
  return useDeleteConfirm(async (item: T) => {
    await remove(item);
    notify({ kind: 'success', message: deletedMessage });
  }, onDeleted);
}
