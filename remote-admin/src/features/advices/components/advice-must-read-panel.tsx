import { Box, Button, Checkbox, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { adviceMustReadPath, type Advice, type AdviceMustReadBody } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField } from '@hub/shared/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { refusalErrors } from '../../../lib/field-error';
import { advicesApi } from '../api/advices-api';

/**
 * Below an advice's form: whether its recipients must read it and confirm, and by when. Its own
 * call, at any status (a published advice can be made a must-read), and the link to its reach.
 */
export function AdviceMustReadPanel({ advice, reachPath }: { advice: Advice; reachPath: string }) {
  const { t } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const { mutate } = useSWRConfig();
  const [mustRead, setMustRead] = useState(advice.must_read);
  const [by, setBy] = useState(advice.must_read_by ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body: AdviceMustReadBody = { must_read: mustRead, must_read_by: mustRead && by ? by : null };
      const saved = await adminApi.put<Advice>(adviceMustReadPath(advice.id), body, { silent: true });
      await mutate(advicesApi.itemKey(advice.id), saved, { revalidate: false });
      setBy(saved.must_read_by ?? '');
      notify({ kind: 'success', message: t('adviceReach.saved') });
    } catch (refusal) {
      setError(refusalErrors(refusal, { must_read_by: null }).must_read_by);
      notify({ kind: 'error', message: t('adviceReach.saveFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" px={{ base: '3', md: '6' }} pb="6" maxW="56rem" aria-labelledby="must-read-title">
      <Box borderWidth="1px" borderRadius="md" p="4">
        <Heading as="h2" size="lg" mb="3" id="must-read-title">
          {t('adviceReach.mustReadTitle')}
        </Heading>
        <form onSubmit={(event) => void save(event)} noValidate>
          <Stack gap="4">
            <Checkbox.Root checked={mustRead} onCheckedChange={(change) => setMustRead(change.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('adviceReach.mustRead')}</Checkbox.Label>
            </Checkbox.Root>
            <Text color="fg.muted" fontSize="sm">
              {t('adviceReach.mustReadHelp')}
            </Text>
            {mustRead && (
              <FormField label={t('adviceReach.mustReadBy')} error={error} helperText={t('adviceReach.mustReadByHelp')}>
                <Input type="date" value={by} onChange={(event) => setBy(event.target.value)} maxW="14rem" />
              </FormField>
            )}
            <Stack direction="row" gap="4" align="center" wrap="wrap">
              <Button type="submit" colorPalette="brand" loading={busy}>
                {t('adviceReach.save')}
              </Button>
              <Link asChild color="brand.fg">
                <RouterLink to={reachPath}>{t('adviceReach.reachLink')}</RouterLink>
              </Link>
            </Stack>
          </Stack>
        </form>
      </Box>
    </Box>
  );
}
