import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { NotificationList } from '@hub/shared/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage, useSessionState, useShell } from '../shell-context';
import { NotificationItem } from './notification-item';
import { useNotificationsText } from './use-notifications-text';
import { useOpenNotification } from './use-open-notification';

const LATEST = 8;

/**
 * The bell's panel: the latest notifications (a click opens the item and marks it read), "Mark all
 * as read" and a link to the page. Escape or a click outside closes it; focus goes back to the bell.
 */
export default function NotificationPanel({
  version,
  unread,
  onClose,
}: {
  version: number;
  unread: number;
  onClose: (refocus: boolean) => void;
}) {
  const t = useNotificationsText();
  const language = useLanguage();
  const { apis } = useShell();
  const { displayAs } = useSessionState();
  const [list, setList] = useState<NotificationList | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const open = useOpenNotification(useCallback(() => onClose(false), [onClose]));

  useEffect(() => {
    let live = true;
    setFailed(false);
    apis.api
      .get<NotificationList>('/notifications', { page_size: LATEST }, { silent: true })
      .then((answer) => live && setList(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [apis.api, version, unread, attempt]);

  // Focus moves into the panel once it shows; Escape and clicks outside close it.
  const shown = t !== null;
  useEffect(() => {
    if (shown) panel.current?.focus();
  }, [shown]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && panel.current && !panel.current.contains(target) && !panel.current.parentElement?.contains(target)) onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  if (!t) return null;
  const markAll = async () => {
    await apis.api.put('/notifications/read-all').catch(() => undefined);
    setAttempt((value) => value + 1);
  };
  return (
    <Box
      ref={panel}
      role="dialog"
      aria-label={t('latest')}
      tabIndex={-1}
      position={{ base: 'fixed', md: 'absolute' }}
      top={{ base: '16', md: '100%' }}
      insetStart={{ base: '2', md: 'auto' }}
      insetEnd={{ base: '2', md: '0' }}
      w={{ base: 'auto', md: '96' }}
      maxH="70vh"
      overflowY="auto"
      mt="1"
      p="2"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderRadius="lg"
      boxShadow="lg"
      zIndex="popover"
      outline="none"
    >
      <Flex align="center" justify="space-between" gap="2" px="2" py="1" wrap="wrap">
        <Heading as="h2" size="sm">
          {t('latest')}
        </Heading>
        <Button size="xs" variant="ghost" disabled={displayAs !== null || unread === 0} onClick={() => void markAll()}>
          {t('markAllRead')}
        </Button>
      </Flex>
      {displayAs ? (
        <Text fontSize="sm" color="fg.muted" px="2" pb="1">
          {t('displayAs')}
        </Text>
      ) : null}
      {failed ? (
        <Stack align="start" gap="2" p="2" role="alert">
          <Text>{t('failed')}</Text>
          <Button size="xs" variant="outline" onClick={() => setAttempt((value) => value + 1)}>
            {t('retry')}
          </Button>
        </Stack>
      ) : list === null ? (
        <Flex gap="2" align="center" p="2" role="status">
          <Spinner size="sm" />
          <Text>{t('loading')}</Text>
        </Flex>
      ) : list.items.length === 0 ? (
        <Text p="2" color="fg.muted">
          {t('empty')}
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0">
          {list.items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem t={t} language={language} notification={notification} onOpen={open} />
            </li>
          ))}
        </Box>
      )}
      <Box borderTopWidth="1px" mt="1" pt="1" px="2">
        <Link to="/notifications" onClick={() => onClose(false)}>
          <Text as="span" color="brand.fg" textDecoration="underline" fontSize="sm">
            {t('seeAll')}
          </Text>
        </Link>
      </Box>
    </Box>
  );
}
