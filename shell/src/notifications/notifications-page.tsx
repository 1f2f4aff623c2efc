import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind, type NotificationList } from '@hub/shared/api';
import { useEffect, useId, useState } from 'react';
import { useLanguage, useSessionState, useShell } from '../shell-context';
import { NotificationItem } from './notification-item';
import { onLiveNotification } from './notification-stream';
import { useNotificationsText } from './use-notifications-text';
import { useOpenNotification } from './use-open-notification';

const PAGE_SIZE = 20;

const query = (kind: NotificationKind | '', unreadOnly: boolean, after?: string) => ({
  page_size: PAGE_SIZE,
  ...(kind ? { kind } : {}),
  ...(unreadOnly ? { unread: true } : {}),
  ...(after ? { cursor: after } : {}),
});

/** /notifications: every notification of the displayed person, newest first, by kind, a page at a time. */
export default function NotificationsPage() {
  const t = useNotificationsText();
  const language = useLanguage();
  const { apis } = useShell();
  const { displayAs } = useSessionState();
  const kindId = useId();
  const [kind, setKind] = useState<NotificationKind | ''>('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const open = useOpenNotification();

  useEffect(() => {
    let live = true;
    setItems(null);
    setFailed(false);
    apis.api
      .get<NotificationList>('/notifications', query(kind, unreadOnly), { silent: true })
      .then((answer) => {
        if (!live) return;
        setItems(answer.items);
        setCursor(answer.next_cursor);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [apis.api, kind, unreadOnly, attempt]);

  // Live: a notification that arrives while the page is open comes first, when it fits the filter
  // (a new one is unread, so the unread filter keeps it).
  useEffect(
    () =>
      onLiveNotification((notification) => {
        if (kind && notification.kind !== kind) return;
        setItems((current) => (current && !current.some((item) => item.id === notification.id) ? [notification, ...current] : current));
      }),
    [kind],
  );

  if (!t) return null;
  const more = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const answer = await apis.api.get<NotificationList>('/notifications', query(kind, unreadOnly, cursor), { silent: true });
      setItems((current) => [...(current ?? []), ...answer.items]);
      setCursor(answer.next_cursor);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };
  const markAll = async () => {
    await apis.api.put('/notifications/read-all').catch(() => undefined);
    setAttempt((value) => value + 1);
  };

  return (
    <Stack gap="4" maxW="3xl">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('title')}
        </Heading>
        <Button size="sm" variant="outline" disabled={displayAs !== null} onClick={() => void markAll()}>
          {t('markAllRead')}
        </Button>
      </Flex>
      {displayAs ? <Text color="fg.muted">{t('displayAs')}</Text> : null}
      <Flex gap="4" align="center" wrap="wrap">
        <Flex gap="2" align="center">
          <label htmlFor={kindId}>{t('kind')}</label>
          <select
            id={kindId}
            value={kind}
            onChange={(event) => setKind(event.target.value as NotificationKind | '')}
            style={{
              padding: '4px 8px',
              borderRadius: 6,
              border: '1px solid var(--chakra-colors-border)',
              background: 'var(--chakra-colors-bg)',
              color: 'var(--chakra-colors-fg)',
            }}
          >
            <option value="">{t('kinds.all')}</option>
            {NOTIFICATION_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </select>
        </Flex>
        <Flex as="label" gap="2" align="center">
          <input type="checkbox" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
          {t('unreadOnly')}
        </Flex>
      </Flex>
      {failed ? (
        <Stack align="start" gap="2" role="alert">
          <Text>{t('failed')}</Text>
          <Button size="sm" variant="outline" onClick={() => setAttempt((value) => value + 1)}>
            {t('retry')}
          </Button>
        </Stack>
      ) : items === null ? (
        <Flex gap="2" align="center" role="status">
          <Spinner size="sm" />
          <Text>{t('loading')}</Text>
        </Flex>
      ) : items.length === 0 ? (
        <Text color="fg.muted">{unreadOnly ? t('emptyUnread') : t('empty')}</Text>
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0" bg="bg" borderWidth="1px" borderRadius="lg" overflow="hidden">
          {items.map((notification) => (
            <Box as="li" key={notification.id} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
              <NotificationItem t={t} language={language} notification={notification} onOpen={open} />
            </Box>
          ))}
        </Box>
      )}
      {cursor && !failed ? (
        <Box>
          <Button size="sm" variant="outline" loading={loadingMore} onClick={() => void more()}>
            {t('loadMore')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
