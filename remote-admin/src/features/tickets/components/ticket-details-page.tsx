import { Box, Button, Flex, Heading, HStack, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { FIELD_LIMITS, parseId, TICKET_STATUSES, type TicketDetails, type TicketStatus } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { dateTimeFormat, FormField, LinkedText, OlderItemsButton, useOlderItems, useUnsavedChangesGuard } from '@hub/shared/ui';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsLoadState } from '../../../components/details-load-state';
import { statusOf } from '../../../lib/field-error';
import { getOlderReplies, replyToTicket, setTicketStatus, useTicket } from '../api/tickets-api';
import { TicketStatusBadge } from './ticket-status-badge';
import { paths } from '../../../paths';

const REPLY_MAX = FIELD_LIMITS.longText;

/** /admin/tickets/details/{id} (administrator): a ticket, its conversation, a staff reply and its status. */
export function TicketDetailsPage() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const { data, error, isLoading, mutate } = useTicket(id);
  if (!data) {
    return <DetailsLoadState isLoading={isLoading} missing={id === null || statusOf(error) === 404} onRetry={() => void mutate()} />;
  }
  return <TicketView ticket={data} onChange={(next) => void mutate(next, { revalidate: false })} />;
}

function TicketView({ ticket, onChange }: { ticket: TicketDetails; onChange: (ticket: TicketDetails) => void }) {
  const { t, i18n } = useTranslation('admin');
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const name = (person: TicketDetails['author']) => (person ? `${person.first_name} ${person.last_name}` : t('tickets.unknownAuthor'));
  const titleId = useId();
  const conversationId = useId();
  const { adminApi } = useRemoteProps();
  // The details hold the latest replies; older ones on demand.
  const fetchOlder = useCallback(
    (before: string) =>
      getOlderReplies(adminApi, ticket.id, before).then((older) => ({ items: older.messages, older_cursor: older.older_cursor })),
    [adminApi, ticket.id],
  );
  const conversation = useOlderItems(ticket.id, { items: ticket.messages, older_cursor: ticket.older_cursor }, fetchOlder);

  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="3xl" aria-labelledby={titleId}>
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.tickets}>{t('tickets.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="1" id={titleId} wordBreak="break-word">
        {t('tickets.detailsTitle', { title: ticket.title })}
      </Heading>
      <Flex gap="2" align="center" wrap="wrap" mb="5" color="fg.muted">
        <TicketStatusBadge status={ticket.status} />
        <Text>{ticket.entity?.name ?? t('tickets.noEntity')}</Text>
        <Text>·</Text>
        <Text>{t('tickets.openedOn', { date: dateTime.format(new Date(ticket.created_at)), name: name(ticket.author) })}</Text>
      </Flex>

      <StatusForm ticket={ticket} onChange={onChange} />

      <Heading as="h2" size="md" mt="6" mb="2">
        {t('tickets.description')}
      </Heading>
      <Text whiteSpace="pre-wrap" wordBreak="break-word" color={ticket.description ? undefined : 'fg.muted'}>
        {ticket.description ? <LinkedText text={ticket.description} /> : t('tickets.noDescription')}
      </Text>

      <Heading as="h2" size="md" mt="6" mb="2" id={conversationId}>
        {t('tickets.conversation')}
      </Heading>
      <OlderItemsButton older={conversation} />
      {conversation.items.length === 0 ? (
        <Text color="fg.muted">{t('tickets.noReply')}</Text>
      ) : (
        <Stack as="ol" aria-labelledby={conversationId} gap="3" p="0" m="0">
          {conversation.items.map((message) => (
            <Box
              as="li"
              key={message.id}
              listStyleType="none"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              bg={message.from_staff ? 'bg.subtle' : 'bg'}
              ms={{ base: '0', md: message.from_staff ? '8' : '0' }}
              me={{ base: '0', md: message.from_staff ? '0' : '8' }}
            >
              <Text fontSize="sm" fontWeight="medium">
                {t(message.from_staff ? 'tickets.fromStaff' : 'tickets.fromCustomer', { name: name(message.author) })}
              </Text>
              <Text fontSize="xs" color="fg.muted" mb="1">
                {dateTime.format(new Date(message.created_at))}
              </Text>
              <Text whiteSpace="pre-wrap" wordBreak="break-word">
                <LinkedText text={message.message} />
              </Text>
            </Box>
          ))}
        </Stack>
      )}

      <ReplyForm ticket={ticket} onChange={onChange} />
    </Box>
  );
}

/** The status, changed with a button (a select alone would change it on every arrow key). */
function StatusForm({ ticket, onChange }: { ticket: TicketDetails; onChange: (ticket: TicketDetails) => void }) {
  const { t } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await setTicketStatus(adminApi, ticket.id, status);
      notify({ kind: 'success', message: t('statusUpdated') });
      onChange({ ...ticket, ...saved, messages: ticket.messages });
    } catch {
      notify({ kind: 'error', message: t('statusUpdateFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <HStack align="end" gap="3" wrap="wrap">
        <Box flex="1" minW="12rem" maxW="sm">
          <FormField label={t('tickets.status')} helperText={t('tickets.statusHelp')}>
            <NativeSelect.Root>
              <NativeSelect.Field value={status} onChange={(event) => setStatus(event.target.value as TicketStatus)}>
                {TICKET_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`tickets.statuses.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Box>
        <Button type="submit" variant="outline" loading={busy} disabled={status === ticket.status} mb="6">
          {t('tickets.changeStatus')}
        </Button>
      </HStack>
    </form>
  );
}

function ReplyForm({ ticket, onChange }: { ticket: TicketDetails; onChange: (ticket: TicketDetails) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useUnsavedChangesGuard(text.trim() !== '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    const found = !message ? tc('validation.required') : text.length > REPLY_MAX ? tc('validation.maxLength', { length: REPLY_MAX }) : null;
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const next = await replyToTicket(adminApi, ticket.id, { message });
      setText('');
      notify({ kind: 'success', message: t('tickets.sent') });
      onChange(next);
    } catch {
      notify({ kind: 'error', message: t('tickets.sendFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="3" mt="6">
        <FormField label={t('tickets.reply')} required error={error} helperText={t('tickets.replyHelp')}>
          <Textarea rows={4} value={text} maxLength={REPLY_MAX + 1} onChange={(event) => setText(event.target.value)} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf={{ base: 'stretch', sm: 'flex-end' }}>
          {t('tickets.send')}
        </Button>
      </Stack>
    </form>
  );
}
