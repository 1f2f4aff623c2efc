import { Box, Button, Dialog, Heading, HStack, Input, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { formatBytes, type AdminUser, type DataExport } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../paths';
import { eraseUser, exportUserData, getUserDataExport } from '../api/users-api';

/** How often the panel asks how far the export has gone. */
const POLL_MS = 2000;

/**
 * A person's data (docs/product.md, "Your data: export and erasure"): "Export data" prepares their
 * zip and offers its link to the one who asked; "Erase" names what goes and what stays and asks
 * for their email, typed, before erasing.
 */
export function DataProtectionPanel({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const navigate = useNavigate();
  const [current, setCurrent] = useState<DataExport | null>(null);
  const [asking, setAsking] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [erasing, setErasing] = useState(false);
  const inputId = useId();
  const working = current !== null && (current.state === 'queued' || current.state === 'running');

  useEffect(() => {
    if (!current || !working) return;
    const timer = setTimeout(() => {
      getUserDataExport(adminApi, user.id, current.id)
        .then((next) => {
          setCurrent(next);
          if (next.state === 'failed') notify({ kind: 'error', message: t('users.dataProtection.exportFailed') });
        })
        .catch(() => notify({ kind: 'error', message: t('users.dataProtection.exportFailed') }));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [adminApi, current, notify, t, user.id, working]);

  async function startExport() {
    setAsking(true);
    try {
      const { id } = await exportUserData(adminApi, user.id);
      setCurrent({ id, state: 'queued', progress: 0, download_url: null, size_bytes: null, created_at: '', expires_at: null });
    } catch {
      notify({ kind: 'error', message: t('users.dataProtection.exportFailed') });
    } finally {
      setAsking(false);
    }
  }

  const confirmed = typed.trim().toLowerCase() === user.email;
  async function erase() {
    setErasing(true);
    try {
      await eraseUser(adminApi, user.id, typed);
      notify({ kind: 'success', message: t('users.dataProtection.erased') });
      setDialogOpen(false);
      navigate(paths.users);
    } catch {
      notify({ kind: 'error', message: t('users.dataProtection.eraseFailed') });
    } finally {
      setErasing(false);
    }
  }

  return (
    <Box as="section" mt="8" aria-labelledby="user-data-title">
      <Heading as="h2" size="lg" mb="3" id="user-data-title">
        {t('users.dataProtection.title')}
      </Heading>
      <Stack gap="3" align="start">
        <HStack wrap="wrap">
          <Button type="button" variant="outline" loading={asking} disabled={working} onClick={() => void startExport()}>
            {t('users.dataProtection.exportData')}
          </Button>
          <Button type="button" colorPalette="red" variant="outline" onClick={() => setDialogOpen(true)}>
            {t('users.dataProtection.erase')}
          </Button>
        </HStack>
        {current && working ? (
          <Progress.Root value={current.progress} w="full" maxW="sm" colorPalette="brand">
            <Progress.Label>{t('users.dataProtection.preparing', { percent: current.progress })}</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
        <Box aria-live="polite">
          {current?.state === 'ready' && current.download_url ? (
            <Link href={current.download_url} download color="brand.fg" fontWeight="medium">
              {t('users.dataProtection.download', { size: formatBytes(current.size_bytes ?? 0) })}
            </Link>
          ) : null}
        </Box>
      </Stack>

      <Dialog.Root
        open={dialogOpen}
        role="alertdialog"
        placement="center"
        onOpenChange={(details) => {
          setDialogOpen(details.open);
          if (!details.open) setTyped('');
        }}
      >
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Body pt="6">
              <Dialog.Title fontSize="md" fontWeight="medium">
                {t('users.dataProtection.eraseTitle', { name: `${user.first_name} ${user.last_name}` })}
              </Dialog.Title>
              <Dialog.Description mt="3" asChild>
                <Stack gap="2">
                  <Text>{t('users.dataProtection.goes')}</Text>
                  <Text>{t('users.dataProtection.stays')}</Text>
                </Stack>
              </Dialog.Description>
              <Stack gap="1" mt="4">
                <label htmlFor={inputId}>
                  <Text as="span" fontSize="sm" fontWeight="medium">
                    {t('users.dataProtection.typeEmail', { email: user.email })}
                  </Text>
                </label>
                <Input id={inputId} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setDialogOpen(false)}>
                {t('users.dataProtection.cancel')}
              </Button>
              <Button colorPalette="red" loading={erasing} disabled={!confirmed} onClick={() => void erase()}>
                {t('users.dataProtection.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </Box>
  );
}
