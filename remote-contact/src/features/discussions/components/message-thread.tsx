import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Message } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { DeleteConfirmDialog } from '@hub/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMessage } from '../api/delete-message';
import { useThread } from '../api/get-thread';
import { replaceMessage } from '../api/replace-message';
import { useRevalidateDiscussions } from '../hooks/use-revalidate-discussions';
import { MessageBubble } from './message-bubble';

export interface MessageThreadProps {
  discussionId: number;
  /** Accessible name of the message log. */
  label: string;
  /** No edit or delete controls (history, closed discussions, display-as). */
  readOnly?: boolean;
}

/** The messages of a discussion, oldest first and newest at the bottom, kept scrolled to the end. */
export function MessageThread({ discussionId, label, readOnly = false }: MessageThreadProps) {
  const { t } = useTranslation('contact');
  const { api, notify, session } = useRemoteProps();
  const { data, error, isLoading, mutate } = useThread(discussionId);
  const revalidate = useRevalidateDiscussions();
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const me = session.displayedUser.id;
  const count = data?.messages.length ?? 0;
  const lastId = data?.messages.at(-1)?.id;

  // A message that arrives (or is sent) brings the end into view; the thread as it first loads does
  // not move the page, which opens with its title in view (on a phone the thread is longer than the screen).
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (lastId === undefined) return;
    if (shown.current !== null && shown.current !== lastId) end.current?.scrollIntoView?.({ block: 'end' });
    shown.current = lastId;
  }, [count, lastId]);

  if (isLoading) {
    return (
      <Stack direction="row" align="center" gap="3" role="status">
        <Spinner size="sm" />
        <Text>{t('thread.loading')}</Text>
      </Stack>
    );
  }
  if (error || !data) {
    return (
      <Stack align="start" gap="3" role="alert">
        <Text>{t('thread.failed')}</Text>
        <Button size="sm" variant="outline" onClick={() => void mutate()}>
          {t('common:retry')}
        </Button>
      </Stack>
    );
  }

  const editable = !readOnly && data.discussion.status === 'open' && !session.displayAs;
  const byId = new Map(data.messages.map((message) => [message.id, message]));

  async function edit(message: Message, text: string) {
    await replaceMessage(api, message.id, text);
    notify({ kind: 'success', message: t('toasts.modified') });
    await revalidate();
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteMessage(api, deleting.id);
      notify({ kind: 'success', message: t('toasts.deleted') });
      setDeleting(null);
      await revalidate();
    } catch {
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box>
      {data.messages.length === 0 ? (
        <Text color="fg.muted">{t('thread.empty')}</Text>
      ) : (
        // The log region wraps the list: role="log" on the <ol> itself would take its list semantics away.
        <Box role="log" aria-label={label} aria-live="polite">
          <Stack as="ol" gap="3" p="0" m="0">
            {data.messages.map((message, index) => {
              const own = message.from_user?.id === me;
              const previous = index > 0 ? data.messages[index - 1] : undefined;
              const parent = message.parent_message_id === null ? null : (byId.get(message.parent_message_id) ?? null);
              return (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={own}
                  repliesTo={parent && parent.id !== previous?.id ? parent : null}
                  onEdit={own && editable ? (text) => edit(message, text) : undefined}
                  onDelete={own && editable ? () => setDeleting(message) : undefined}
                />
              );
            })}
          </Stack>
        </Box>
      )}
      <div ref={end} />
      <DeleteConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Box>
  );
}
