import { Button, CloseButton, Dialog } from '@chakra-ui/react';
import type { Discussion } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { fullName, otherParty } from '../../../lib/people';
import { MessageThread } from './message-thread';

/** The message-history modal of a discussion: the whole thread, read-only. */
export function HistoryDialog({ discussion, onClose }: { discussion: Discussion | null; onClose: () => void }) {
  const { t } = useTranslation('contact');
  const { session } = useRemoteProps();
  const name = discussion ? fullName(otherParty(discussion, session.displayedUser.id), t('formerUser')) : '';
  return (
    <Dialog.Root
      open={discussion !== null}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{t('history.title', { name })}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            {discussion ? <MessageThread discussionId={discussion.id} label={t('history.title', { name })} readOnly /> : null}
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              {t('history.close')}
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label={t('history.close')} />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
