import { readFileState, type FileExchangeEvent } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useFileEvents } from './use-file-events';

/**
 * Keeps the open lists true to the server without a reload: when staff mark a file ok or problem,
 * or someone uploads one, the lists it appears in are read again and the user is told in a toast.
 */
export function LiveUpdates() {
  const { t } = useTranslation('collectmaster');
  const { notify } = useRemoteProps();
  const { mutate } = useSWRConfig();
  useFileEvents((event: FileExchangeEvent) => {
    if (event.type === 'counters') return;
    void mutate(
      (key) =>
        Array.isArray(key) &&
        key[0] === 'cm' &&
        ((key[1] === 'files' && key[2] === event.folder_id) ||
          (key[1] === 'folders' && key[2] === event.collection_id) ||
          key[1] === 'latest'),
    );
    if (event.type === 'file.state') {
      notify({ kind: 'info', message: t('files.liveState', { name: event.name, state: t(`states.${readFileState(event.state)}`) }) });
    } else {
      notify({ kind: 'info', message: t('files.liveUploaded', { name: event.name }) });
    }
  });
  return null;
}
