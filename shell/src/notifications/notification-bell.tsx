import { Box, Button } from '@chakra-ui/react';
import type { NotificationCount } from '@hub/shared/api';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState, useShell } from '../shell-context';
import { announceLiveNotification, followNotifications } from './notification-stream';

// The panel, its list and its catalogue load on first opening: /home's entry carries the bell only.
const NotificationPanel = lazy(() => import(/* webpackChunkName: "notifications" */ './notification-panel'));

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The notification bell in the header (docs/product.md §13): the displayed person's unread count,
 * read once then kept current by the live stream (no polling), announced politely; it opens the
 * panel of the latest notifications.
 */
export function NotificationBell() {
  const { t } = useTranslation('shell');
  const { apis } = useShell();
  const { user, displayAs } = useSessionState();
  const shownId = displayAs?.userId ?? user?.id ?? null;
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  // Bumped by each live notification: an open panel reads its list again.
  const [version, setVersion] = useState(0);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setCount(0);
    if (shownId === null) return undefined;
    let stopped = false;
    apis.api
      .get<NotificationCount>('/notifications/count', undefined, { silent: true })
      .then(({ unread }) => !stopped && setCount(unread))
      .catch(() => undefined);
    // In the header's own chunk (under 1 kB): a chunk of its own would be one more request after
    // the others, before the page's title on a slow start (the chain guard of e2e/budgets.json).
    const stop = followNotifications(
      apis.api,
      shownId,
      (unread) => !stopped && setCount(unread),
      (notification) => {
        if (stopped) return;
        setVersion((value) => value + 1);
        announceLiveNotification(notification);
      },
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [apis.api, shownId]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  if (shownId === null) return null;
  const unread = t('bell.unread', { count });
  return (
    <Box position={{ base: 'static', md: 'relative' }}>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        px="2"
        position="relative"
        aria-label={count > 0 ? `${t('bell.label')}, ${unread}` : t('bell.label')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {count > 0 ? (
          <Box
            as="span"
            aria-hidden="true"
            data-testid="notification-count"
            position="absolute"
            top="0"
            insetEnd="0"
            minW="4.5"
            h="4.5"
            px="1"
            borderRadius="full"
            bg="red.solid"
            color="red.contrast"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="4.5"
            textAlign="center"
          >
            {count > 99 ? '99+' : count}
          </Box>
        ) : null}
      </Button>
      <Box as="span" srOnly aria-live="polite">
        {count > 0 ? unread : ''}
      </Box>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel version={version} unread={count} onClose={close} />
        </Suspense>
      ) : null}
    </Box>
  );
}
