import { Box, Button, Field, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Ticket, TicketDetails } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LinkedText, OlderItemsButton, useOlderItems } from '@hub/shared/ui';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { getTicket, useTicket } from '../api/get-ticket';
import { replyToTicket } from '../api/reply-to-ticket';

const REPLY_MAX = 9999;

/**
 * Under a ticket of /tickets: a button that shows its conversation (the helpdesk team's replies and
 * the entity's), fetched on demand, and a form to answer (not during display-as, which only looks).
 */
export function TicketConversation({ ticket, onReplied }: { ticket: Ticket; onReplied: () => void }) {
  const { t } = useTranslation(['contact', 'common']);
  const { api, notify, language, session } = useRemoteProps();
  const [open, setOpen] = useState(false);
  const { data, error, isLoading, mutate } = useTicket(ticket.id, open);
  // The details hold the latest replies; older ones on demand.
  const fetchOlder = useCallback(
    (before: string) => getTicket(api, ticket.id, before).then((older) => ({ items: older.messages, older_cursor: older.older_cursor })),
    [api, ticket.id],
  );
  const conversation = useOlderItems<TicketDetails['messages'][number]>(
    ticket.id,
    data && { items: data.messages, older_cursor: data.older_cursor },
    fetchOlder,
  );
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const missing = text.trim() === '';
  const name = (person: Ticket['author']) => (person ? `${person.first_name} ${person.last_name}` : t('tickets.unknownAuthor'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      const next = await replyToTicket(api, ticket.id, { message: text.trim() });
      await mutate(next, { revalidate: false });
      setText('');
      setTouched(false);
      notify({ kind: 'success', message: t('tickets.replied') });
      onReplied();
    } catch {
      // the API client has shown the error toast
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box mt="2">
      <Button size="xs" variant="ghost" colorPalette="brand" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? t('tickets.hideConversation') : t('tickets.showConversation', { count: ticket.messages_count })}
      </Button>
      {open && (
        <Box id={panelId} mt="2">
          {isLoading ? (
            <Stack direction="row" align="center" gap="2" role="status">
              <Spinner size="xs" />
              <Text fontSize="sm">{t('tickets.conversationLoading')}</Text>
            </Stack>
          ) : error || !data ? (
            <Stack direction="row" align="center" gap="2" role="alert">
              <Text fontSize="sm">{t('tickets.conversationFailed')}</Text>
              <Button size="xs" variant="outline" onClick={() => void mutate()}>
                {t('common:retry')}
              </Button>
            </Stack>
          ) : (
            <>
              <OlderItemsButton older={conversation} />
              {conversation.items.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('tickets.noReply')}
                </Text>
              ) : (
                <Stack as="ol" aria-label={t('tickets.conversationOf', { title: ticket.title })} gap="2" p="0" m="0">
                  {conversation.items.map((message) => (
                    <Box
                      as="li"
                      key={message.id}
                      listStyleType="none"
                      borderStartWidth="3px"
                      borderColor={message.from_staff ? 'brand.solid' : 'border'}
                      ps="3"
                      py="1"
                    >
                      <Text fontSize="xs" color="fg.muted">
                        {message.from_staff ? t('tickets.fromStaff', { name: name(message.author) }) : name(message.author)} ·{' '}
                        {formatDateTime(message.created_at, language)}
                      </Text>
                      <Text whiteSpace="pre-wrap" wordBreak="break-word">
                        <LinkedText text={message.message} />
                      </Text>
                    </Box>
                  ))}
                </Stack>
              )}
              {!session.displayAs && (
                <form onSubmit={(event) => void submit(event)} noValidate>
                  <Stack gap="2" mt="3">
                    <Field.Root required invalid={touched && missing}>
                      <Field.Label>{t('tickets.replyLabel')}</Field.Label>
                      <Textarea value={text} maxLength={REPLY_MAX} onChange={(event) => setText(event.target.value)} minH="16" bg="bg" />
                      <Field.ErrorText>{t('common:validation.required')}</Field.ErrorText>
                    </Field.Root>
                    <Button type="submit" size="sm" variant="outline" loading={busy} alignSelf="flex-end">
                      {t('tickets.replySubmit')}
                    </Button>
                  </Stack>
                </form>
              )}
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
