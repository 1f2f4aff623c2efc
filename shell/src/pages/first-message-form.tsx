import { Box, Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { MESSAGE_MAX_LENGTH, type MessageCreated, type User } from '@hub/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../paths';
import { useShell } from '../shell-context';

type Consultant = User['contacts'][number];

/** The first message to the consultant: posted, then the session reloads and /contact takes over. */
export function FirstMessageForm({ consultant, initialText = '' }: { consultant: Consultant; initialText?: string }) {
  const { t } = useTranslation('shell');
  const services = useShell();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (text.trim() === '' || text.length > MESSAGE_MAX_LENGTH) return;
    setBusy(true);
    try {
      await services.apis.api.post<MessageCreated>('/discussions', { message: text, to_user_id: consultant.id });
      services.snackbar.notify({ kind: 'success', message: t('home.sent') });
      await services.reloadUser();
      navigate(paths.contact);
    } catch {
      // the API client has shown the error toast
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box mt="4">
      <Stack gap="2" maxW="xl">
        <Field.Root>
          <Field.Label>{t('home.firstMessageLabel', { name: `${consultant.first_name} ${consultant.last_name}` })}</Field.Label>
          <Textarea
            value={text}
            autoFocus
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }}
          />
        </Field.Root>
        <Button alignSelf="flex-end" colorPalette="brand" loading={busy} disabled={text.trim() === ''} onClick={() => void send()}>
          {t('home.send')}
        </Button>
      </Stack>
    </Box>
  );
}
