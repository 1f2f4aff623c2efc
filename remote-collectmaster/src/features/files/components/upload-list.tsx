import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatBytes } from '@hub/shared/api';
import { TransferRow, type TransferTone } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { useLimits } from '../../../api/file-exchange';
import type { UploadEntry, UploadStatus } from '../../../lib/uploads/upload-queue';
import { useUploadQueue } from '../../../lib/uploads/uploads-context';

const TONES: Record<UploadStatus, TransferTone> = {
  queued: 'neutral',
  uploading: 'active',
  paused: 'paused',
  offline: 'paused',
  failed: 'error',
  done: 'done',
  cancelled: 'neutral',
  conflict: 'error',
  refused: 'error',
};

/** The uploads into one folder, each with its progress and the buttons its state allows. */
export function UploadList({ entries }: { entries: readonly UploadEntry[] }) {
  const { t } = useTranslation('collectmaster');
  const queue = useUploadQueue();
  const { data: limits } = useLimits();
  if (entries.length === 0) return null;
  const finished = entries.some((entry) => ['done', 'cancelled', 'refused'].includes(entry.status));
  return (
    <Stack as="section" aria-label={t('uploads.title')} gap="2" mb="4">
      <HStack justify="space-between">
        <Text as="h2" fontWeight="semibold">
          {t('uploads.title')}
        </Text>
        {finished ? (
          <Button size="xs" variant="ghost" onClick={() => queue.clearFinished()}>
            {t('uploads.clear')}
          </Button>
        ) : null}
      </HStack>
      <Stack as="ul" gap="2" p="0" m="0" listStyleType="none">
        {entries.map((entry) => (
          <li key={entry.id}>
            <TransferRow
              name={entry.name}
              total={entry.size}
              sent={entry.bytesSent}
              speed={entry.speed}
              secondsLeft={entry.secondsLeft}
              statusText={t(`uploads.status.${entry.status}`)}
              tone={TONES[entry.status]}
              actions={<UploadActions entry={entry} />}
            >
              {entry.status === 'refused' ? (
                <Text fontSize="sm" color="red.fg" role="alert">
                  {entry.refused === 'tooLarge'
                    ? t('uploads.tooLarge', { max: formatBytes(limits?.max_file_size ?? entry.size) })
                    : t('uploads.empty')}
                </Text>
              ) : null}
              {entry.status === 'failed' && entry.error ? (
                <Text fontSize="sm" color="red.fg" role="alert">
                  {entry.error}
                </Text>
              ) : null}
              {entry.resumedFrom > 0 && entry.status !== 'done' ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('uploads.resumedFrom', { size: formatBytes(entry.resumedFrom) })}
                </Text>
              ) : null}
            </TransferRow>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function UploadActions({ entry }: { entry: UploadEntry }) {
  const { t } = useTranslation('collectmaster');
  const queue = useUploadQueue();
  const name = entry.name;
  const cancel = (
    <Button size="xs" variant="ghost" aria-label={t('uploads.cancel', { name })} onClick={() => queue.cancel(entry.id)}>
      {t('actions.cancel')}
    </Button>
  );
  switch (entry.status) {
    case 'uploading':
    case 'queued':
    case 'offline':
      return (
        <>
          <Button size="xs" variant="outline" aria-label={t('uploads.pause', { name })} onClick={() => queue.pause(entry.id)}>
            {t('actions.pause')}
          </Button>
          {cancel}
        </>
      );
    case 'paused':
      return (
        <>
          <Button size="xs" variant="outline" aria-label={t('uploads.resume', { name })} onClick={() => queue.resume(entry.id)}>
            {t('actions.resume')}
          </Button>
          {cancel}
        </>
      );
    case 'failed':
      return (
        <>
          <Button size="xs" variant="outline" aria-label={t('uploads.retry', { name })} onClick={() => queue.retry(entry.id)}>
            {t('actions.retry')}
          </Button>
          {cancel}
        </>
      );
    case 'conflict':
      return (
        <>
          <Button size="xs" colorPalette="brand" onClick={() => queue.resolveConflict(entry.id, 'replace')}>
            {t('uploads.replace')}
          </Button>
          <Button size="xs" variant="outline" onClick={() => queue.resolveConflict(entry.id, 'keep-both')}>
            {t('uploads.keepBoth')}
          </Button>
          {cancel}
        </>
      );
    default:
      return null;
  }
}
