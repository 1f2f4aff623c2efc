import { Button, Link, Stack, Text } from '@chakra-ui/react';
import type { OutboxEmail, ReceivedEmail } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { dateTimeFormat, type ListColumn, ListFilter, ListFrame, useListParams } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listFrameState } from '../../../lib/console-list';
import { MAIL_FILTERS, retryEmail, useOutbox, useReceived, type MailView } from '../api/mail-api';
import { ReceivedEmailDialog } from './received-email-dialog';

const VIEWS: MailView[] = ['', 'pending', 'sent', 'received'];

function OutboxList({ view, list }: { view: Exclude<MailView, 'received'>; list: ReturnType<typeof useListParams> }) {
  const { t, i18n } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const source = useOutbox(view);
  const [retrying, setRetrying] = useState<number | null>(null);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const data = source.data
    ? { items: source.data.items, total: source.data.items.length, page_size: source.data.items.length || 1 }
    : undefined;

  async function retry(email: OutboxEmail) {
    setRetrying(email.id);
    try {
      await retryEmail(adminApi, email.id);
      notify({ kind: 'success', message: t('mail.retried') });
      await source.mutate();
    } finally {
      setRetrying(null);
    }
  }

  const columns: ListColumn<OutboxEmail>[] = [
    {
      key: 'created_at',
      header: t('mail.created'),
      render: (email) => <time dateTime={email.created_at}>{when.format(new Date(email.created_at))}</time>,
    },
    {
      key: 'recipient',
      header: t('mail.recipient'),
      render: (email) => (
        <Text as="span" wordBreak="break-all">
          {email.recipient}
        </Text>
      ),
    },
    {
      key: 'about',
      header: t('mail.about'),
      render: (email) => (
        <Stack gap="0">
          <Text as="span">{email.event === 'digest' ? t('mail.digest') : email.title || email.event}</Text>
          <Text as="span" fontSize="xs" color="fg.muted">
            {email.event}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('mail.state'),
      render: (email) => (
        <Stack gap="0">
          <Text as="span">{t('mail.attempts', { count: email.attempts })}</Text>
          {email.sent_at && <time dateTime={email.sent_at}>{when.format(new Date(email.sent_at))}</time>}
          {email.last_error && (
            <Text as="span" fontSize="xs" color="fg.error" wordBreak="break-word">
              {email.last_error}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <ListFrame
      title={t('mail.title')}
      list={list}
      {...listFrameState({ ...source, data })}
      columns={columns}
      rowKey={(email) => email.id}
      filters={<ViewFilter list={list} />}
      rowActions={
        view === ''
          ? (email) => (
              <Button size="sm" variant="outline" loading={retrying === email.id} onClick={() => void retry(email)}>
                {t('mail.retry')}
              </Button>
            )
          : undefined
      }
      emptyText={t(`mail.empty.${view || 'failed'}`)}
    />
  );
}

function ReceivedList({ list }: { list: ReturnType<typeof useListParams> }) {
  const { t, i18n } = useTranslation('admin');
  const source = useReceived();
  const [opened, setOpened] = useState<ReceivedEmail | null>(null);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const data = source.data
    ? { items: source.data.items, total: source.data.items.length, page_size: source.data.items.length || 1 }
    : undefined;
  const columns: ListColumn<ReceivedEmail>[] = [
    {
      key: 'received_at',
      header: t('mail.received'),
      render: (email) => <time dateTime={email.received_at}>{when.format(new Date(email.received_at))}</time>,
    },
    {
      key: 'rcpt_to',
      header: t('mail.recipient'),
      render: (email) => (
        <Text as="span" wordBreak="break-all">
          {email.rcpt_to}
        </Text>
      ),
    },
    {
      key: 'subject',
      header: t('mail.subject'),
      // Opens the email's details: a button (not a link: nothing to open in a new tab), named by the subject.
      render: (email) => (
        <Link asChild color="brand.fg" textDecoration="underline" textAlign="start" wordBreak="break-word">
          <button type="button" onClick={() => setOpened(email)}>
            {email.subject || t('mail.details.noSubject')}
          </button>
        </Link>
      ),
    },
  ];
  return (
    <>
      <ListFrame
        title={t('mail.title')}
        list={list}
        {...listFrameState({ ...source, data })}
        columns={columns}
        rowKey={(email) => email.id}
        filters={
          <Stack gap="2">
            <ViewFilter list={list} />
            {source.data && !source.data.embedded && <Text color="fg.muted">{t('mail.notEmbedded')}</Text>}
          </Stack>
        }
        emptyText={t('mail.empty.received')}
      />
      <ReceivedEmailDialog email={opened} onClose={() => setOpened(null)} />
    </>
  );
}

function ViewFilter({ list }: { list: ReturnType<typeof useListParams> }) {
  const { t } = useTranslation('admin');
  return (
    <ListFilter
      label={t('mail.view')}
      value={list.params.filters.view ?? ''}
      onChange={(value) => list.setFilter('view', value)}
      allLabel={t('mail.views.failed')}
      options={VIEWS.filter((view) => view !== '').map((view) => ({ value: view, label: t(`mail.views.${view}`) }))}
    />
  );
}

/**
 * /admin/mail (administrators): the emails that failed after their last try, with a retry; those
 * waiting and those sent; and, on the embedded default of development, what its SMTP server received.
 */
export function MailPage() {
  const list = useListParams(MAIL_FILTERS);
  const raw = list.params.filters.view ?? '';
  const view = (VIEWS as string[]).includes(raw) ? (raw as MailView) : '';
  return view === 'received' ? <ReceivedList list={list} /> : <OutboxList view={view} list={list} />;
}
