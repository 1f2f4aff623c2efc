import { Box, chakra, Flex, Text } from '@chakra-ui/react';
import { NOTIFICATION_EVENTS, type Notification } from '@hub/shared/api';
import { formatDate } from '@hub/shared/ui';
import type { TFunction } from 'i18next';
import type { MouseEvent } from 'react';

const KNOWN = new Set<string>(NOTIFICATION_EVENTS);
const isKnown = (event: string): event is (typeof NOTIFICATION_EVENTS)[number] => KNOWN.has(event);

/** "What happened, to what" in the reader's language; an event this bundle does not know shows its title. */
export function notificationText(t: TFunction<'notifications'>, notification: Notification): string {
  return t(`events.${isKnown(notification.event) ? notification.event : 'other'}`, { title: notification.title });
}

/** One notification as a link to its item: what happened, to what, when, read or not. */
export function NotificationItem({
  t,
  language,
  notification,
  onOpen,
}: {
  t: TFunction<'notifications'>;
  language: string;
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const unread = notification.read_at === null;
  const when = formatDate(notification.created_at, language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <chakra.a
      href={notification.path}
      display="block"
      px="3"
      py="2"
      borderRadius="md"
      bg={unread ? 'bg.muted' : undefined}
      color="fg"
      _hover={{ bg: 'bg.emphasized' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' }}
      data-unread={unread ? 'true' : 'false'}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // A plain click opens the item in the portal; a modified one opens a new tab as links do.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen(notification);
      }}
    >
      <Flex gap="2" align="baseline">
        <Box as="span" aria-hidden="true" flexShrink={0} w="2" h="2" borderRadius="full" bg={unread ? 'brand.solid' : 'transparent'} />
        <Box minW="0">
          <Text fontWeight={unread ? 'semibold' : 'normal'} overflowWrap="anywhere">
            {notificationText(t, notification)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={notification.created_at}>{when}</time>
            <Box as="span" srOnly>
              {` · ${unread ? t('unread') : t('read')}`}
            </Box>
          </Text>
        </Box>
      </Flex>
    </chakra.a>
  );
}
