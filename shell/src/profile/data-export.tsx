import { Box, Button, Heading, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { formatBytes, type DataExport, type DataExportCreated } from '@hub/shared/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState, useShell } from '../shell-context';

/** How often the panel asks how far the export has gone. */
const POLL_MS = 2000;

type Shown = { status: 'idle' } | { status: 'asking' } | { status: 'following'; current: DataExport } | { status: 'failed' };

/**
 * "Download my data" (docs/product.md, "Your data: export and erasure"): asks for an export of
 * one's own data, follows its progress, then offers the zip's link. A chunk of its own, fetched
 * with the profile page. Not in display-as: the export is the signed-in person's.
 */
export default function DataExportPanel() {
  const { t, i18n } = useTranslation('account');
  const { apis } = useShell();
  const { displayAs } = useSessionState();
  const [shown, setShown] = useState<Shown>({ status: 'idle' });
  const exportId = shown.status === 'following' ? shown.current.id : null;
  const finished = shown.status === 'following' && !['queued', 'running'].includes(shown.current.state);

  useEffect(() => {
    if (exportId === null || finished) return;
    const timer = setTimeout(() => {
      apis.api
        .get<DataExport>(`/me/exports/${exportId}`, undefined, { silent: true })
        .then((current) => setShown(current.state === 'failed' ? { status: 'failed' } : { status: 'following', current }))
        .catch(() => setShown({ status: 'failed' }));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [apis, exportId, finished, shown]);

  async function start() {
    setShown({ status: 'asking' });
    try {
      const { id } = await apis.api.post<DataExportCreated>('/me/exports');
      setShown({
        status: 'following',
        current: { id, state: 'queued', progress: 0, download_url: null, size_bytes: null, created_at: '', expires_at: null },
      });
    } catch {
      setShown({ status: 'failed' });
    }
  }

  const current = shown.status === 'following' ? shown.current : null;
  const working = shown.status === 'asking' || (current !== null && !finished);
  return (
    <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }} aria-labelledby="profile-data-title">
      <Heading as="h2" size="lg" mb="3" id="profile-data-title">
        {t('profile.data.title')}
      </Heading>
      <Stack gap="3" align="start">
        <Text>{t('profile.data.intro')}</Text>
        <Button
          colorPalette="brand"
          onClick={() => void start()}
          loading={shown.status === 'asking'}
          disabled={working || displayAs !== null}
        >
          {t('profile.data.start')}
        </Button>
        {displayAs !== null ? <Text color="fg.muted">{t('profile.data.notInDisplayAs')}</Text> : null}
        {current && working ? (
          <Progress.Root value={current.progress} w="full" maxW="sm" colorPalette="brand">
            <Progress.Label>{t('profile.data.preparing', { percent: current.progress })}</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
        <Box aria-live="polite">
          {current?.state === 'ready' && current.download_url ? (
            <Stack gap="1">
              <Text>{t('profile.data.ready')}</Text>
              <Link href={current.download_url} download colorPalette="brand" fontWeight="medium">
                {t('profile.data.download', { size: formatBytes(current.size_bytes ?? 0) })}
              </Link>
              {current.expires_at ? (
                <Text color="fg.muted" fontSize="sm">
                  {t('profile.data.until', { date: new Date(current.expires_at).toLocaleDateString(i18n.language) })}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {shown.status === 'failed' ? <Text color="fg.error">{t('profile.data.failed')}</Text> : null}
        </Box>
      </Stack>
    </Box>
  );
}
