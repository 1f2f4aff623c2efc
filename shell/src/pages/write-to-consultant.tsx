import { Box, Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { MESSAGE_MAX_LENGTH, type MessageCreated } from '@hub/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../paths';
import { useSessionState, useShell } from '../shell-context';

/**
 * A way into /contact for a customer with no open discussion (the guard keeps /contact for those
 * who have one): the first message is posted here, then the session is reloaded so the guard and
 * the navigation see the open discussion, and the contact area takes over.
 */
export function WriteToConsultant() {
  const { t } = useTranslation('shell');
  const services = useShell();
  const { displayedUser, displayAs } = useSessionState();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const consultant = displayedUser?.contacts[0];
  if (!displayedUser || !consultant || displayAs) return null;
  if (displayedUser.open_discussion_counter > 0) {
    return (
      <Button mt="4" variant="outline" onClick={() => navigate(paths.contact)}>
        {t('home.openDiscussion')}
      </Button>
    );
  }

  async function send() {
    if (text.trim() === '' || text.length > MESSAGE_MAX_LENGTH) return;
    setBusy(true);
    try {
      await services.apis.api.post<MessageCreated>('/discussions', { message: text, to_user_id: consultant!.id });
      services.snackbar.notify({ kind: 'success', message: t('home.sent') });
      await services.reloadUser();
      navigate(paths.contact);
    } catch {
      // the API client has shown the error toast
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <Button mt="4" colorPalette="brand" onClick={() => setOpen(true)}>
        {t('home.writeToConsultant')}
      </Button>
    );
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
