import { Box, Button, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Message } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LinkedText } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { fullName } from '../../../lib/people';

export interface MessageBubbleProps {
  message: Message;
  own: boolean;
  /** The message this one answers, when it is not the one just above. */
  repliesTo: Message | null;
  /** Absent: no edit or delete controls (someone else's message, a closed discussion, display-as). */
  onEdit?: (text: string) => Promise<void>;
  onDelete?: () => void;
}

/** One message: own ones on the right. The text is plain text, rendered as text (never as HTML). */
export function MessageBubble({ message, own, repliesTo, onEdit, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation('contact');
  const { language } = useRemoteProps();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.message);
  const [busy, setBusy] = useState(false);
  const author = own ? t('thread.you') : fullName(message.from_user, t('formerUser'));

  async function save() {
    if (!onEdit || draft.trim() === '') return;
    setBusy(true);
    try {
      await onEdit(draft);
      setEditing(false);
    } catch {
      // the error toast is shown by the API client; keep editing
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box as="li" data-message-id={message.id} listStyleType="none" display="flex" justifyContent={own ? 'flex-end' : 'flex-start'}>
      <Box
        as="article"
        aria-label={`${author}, ${formatDateTime(message.created_at, language)}`}
        maxW={{ base: '90%', md: '75%' }}
        bg={own ? 'brand.subtle' : 'bg.muted'}
        borderRadius="lg"
        px="3"
        py="2"
      >
        <Text fontSize="xs" color="fg.muted" mb="1">
          {author} · {formatDateTime(message.created_at, language)}
          {message.is_edited && message.modified_at
            ? ` · ${t('thread.edited', { date: formatDateTime(message.modified_at, language) })}`
            : ''}
        </Text>
        {repliesTo ? (
          <Text fontSize="xs" color="fg.muted" borderLeftWidth="2px" pl="2" mb="1" lineClamp={1}>
            {t('thread.replyTo', { text: repliesTo.message })}
          </Text>
        ) : null}
        {editing ? (
          <Stack gap="2">
            <Textarea
              aria-label={t('thread.editLabel')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void save();
                } else if (event.key === 'Escape') {
                  setEditing(false);
                }
              }}
              autoFocus
              bg="bg"
            />
            <Stack direction="row" justify="flex-end" gap="2">
              <Button size="xs" variant="ghost" onClick={() => setEditing(false)}>
                {t('thread.cancel')}
              </Button>
              <Button size="xs" colorPalette="brand" onClick={() => void save()} loading={busy}>
                {t('thread.save')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Text whiteSpace="pre-wrap" wordBreak="break-word">
            <LinkedText text={message.message} />
          </Text>
        )}
        {!editing && (onEdit || onDelete) ? (
          <Stack direction="row" justify="flex-end" gap="1" mt="1">
            {onEdit ? (
              <Button
                size="xs"
                variant="ghost"
                onClick={() => {
                  setDraft(message.message);
                  setEditing(true);
                }}
              >
                {t('thread.edit')}
              </Button>
            ) : null}
            {onDelete ? (
              <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
                {t('thread.delete')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Box>
    </Box>
  );
}
