import { Badge, Box, Button, Field, Grid, Heading, Input, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import type { TicketStatus } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { createTicket } from '../api/create-ticket';
import { useTickets } from '../api/get-tickets';
import { TicketConversation } from './ticket-conversation';

const STATUS_COLOURS: Record<TicketStatus, string> = { open: 'blue', in_progress: 'orange', closed: 'gray' };

/** /tickets: the entity's helpdesk tickets with their status, and a form to open one. */
export function TicketsPage() {
  const { t } = useTranslation(['contact', 'common']);
  const { api, notify, language, session } = useRemoteProps();
  const { data, error, isLoading, mutate } = useTickets();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const titleMissing = title.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (titleMissing) return;
    setBusy(true);
    try {
      await createTicket(api, { title: title.trim(), description });
      notify({ kind: 'success', message: t('tickets.created') });
      setTitle('');
      setDescription('');
      setTouched(false);
      await mutate();
    } catch {
      // the API client has shown the error toast
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Heading as="h1" size="2xl" mb="4">
        {t('tickets.title')}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
        <Box minW="0">
          {isLoading ? (
            <Stack direction="row" align="center" gap="3" role="status">
              <Spinner size="sm" />
              <Text>{t('tickets.loading')}</Text>
            </Stack>
          ) : error || !data ? (
            <Stack align="start" gap="3" role="alert">
              <Text>{t('tickets.failed')}</Text>
              <Button size="sm" variant="outline" onClick={() => void mutate()}>
                {t('common:retry')}
              </Button>
            </Stack>
          ) : data.items.length === 0 ? (
            <Text color="fg.muted">{t('tickets.empty')}</Text>
          ) : (
            <Stack as="ul" aria-label={t('tickets.title')} gap="3" p="0" m="0">
              {data.items.map((ticket) => (
                <Box as="li" key={ticket.id} listStyleType="none" borderWidth="1px" borderRadius="md" p="3" bg="bg">
                  <Stack direction="row" justify="space-between" align="start" gap="2">
                    <Heading as="h2" size="sm" wordBreak="break-word">
                      {ticket.title}
                    </Heading>
                    <Badge colorPalette={STATUS_COLOURS[ticket.status]}>{t(`tickets.status.${ticket.status}`)}</Badge>
                  </Stack>
                  {ticket.description ? (
                    <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
                      {ticket.description}
                    </Text>
                  ) : null}
                  <Text mt="1" fontSize="xs" color="fg.muted">
                    {t('tickets.openedOn', {
                      date: formatDateTime(ticket.created_at, language),
                      name: ticket.author ? `${ticket.author.first_name} ${ticket.author.last_name}` : '—',
                    })}
                  </Text>
                  <TicketConversation ticket={ticket} onReplied={() => void mutate()} />
                </Box>
              ))}
            </Stack>
          )}
        </Box>
        {session.displayAs ? (
          // The server refuses a ticket opened in another's name (display-as is read-only): it is not offered.
          <Text color="fg.muted">{t('composer.readOnly')}</Text>
        ) : (
          <form onSubmit={(event) => void submit(event)} aria-labelledby="new-ticket" noValidate>
            <Box borderWidth="1px" borderRadius="lg" p="4" bg="bg.subtle">
              <Heading as="h2" size="md" mb="3" id="new-ticket">
                {t('tickets.newTitle')}
              </Heading>
              <Stack gap="3">
                <Field.Root required invalid={touched && titleMissing}>
                  <Field.Label>{t('tickets.fieldTitle')}</Field.Label>
                  <Input value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} bg="bg" />
                  <Field.ErrorText>{t('common:validation.required')}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('tickets.fieldDescription')}</Field.Label>
                  <Textarea
                    value={description}
                    maxLength={9999}
                    onChange={(event) => setDescription(event.target.value)}
                    minH="24"
                    bg="bg"
                  />
                </Field.Root>
                <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-end">
                  {t('tickets.submit')}
                </Button>
              </Stack>
            </Box>
          </form>
        )}
      </Grid>
    </Box>
  );
}
