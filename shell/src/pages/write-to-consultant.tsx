import { Box, Button, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../paths';
import { useSessionState } from '../shell-context';

// The form (Chakra's Field and Textarea) loads when the button is pressed: /home stays lighter.
const FirstMessageForm = lazy(() =>
  import(/* webpackChunkName: "first-message" */ './first-message-form').then((m) => ({ default: m.FirstMessageForm })),
);

/**
 * A way into /contact for a customer with no open discussion (the guard keeps /contact for those
 * who have one; "Ask my consultant" leads here then, with ?draft=): the first message is posted here, then the session is reloaded so the guard and
 * the navigation see the open discussion, and the contact area takes over.
 */
export function WriteToConsultant() {
  const { t } = useTranslation(['shell', 'common']);
  const { displayedUser, displayAs } = useSessionState();
  const navigate = useNavigate();
  // "Ask my consultant" from a dashboard, for someone with no open discussion: /home?draft=… opens
  // the form holding the draft (nothing is sent until the person sends it).
  const [draft] = useState(() => new URLSearchParams(window.location.search).get('draft') ?? '');
  const [open, setOpen] = useState(draft !== '');
  const consultant = displayedUser?.contacts[0];
  if (!displayedUser || !consultant || displayAs) return null;
  if (displayedUser.open_discussion_counter > 0) {
    return (
      <Button mt="4" variant="outline" onClick={() => navigate(paths.contact)}>
        {t('home.openDiscussion')}
      </Button>
    );
  }

  if (!open) {
    return (
      <Button mt="4" colorPalette="brand" onClick={() => setOpen(true)}>
        {t('home.writeToConsultant')}
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <Box mt="4" role="status" aria-busy="true" aria-label={t('common:loading')}>
          <Spinner size="sm" color="brand.solid" />
        </Box>
      }
    >
      <FirstMessageForm consultant={consultant} initialText={draft} />
    </Suspense>
  );
}
