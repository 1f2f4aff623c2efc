import { followEventStream, NOTIFICATION_STREAM_EVENTS, type ApiClient, type EventsTicket, type Notification } from '@hub/shared/api';

/**
 * Follows the notification centre's live stream (the displayed person's, `userId`: a ticket per
 * connection, a fresh one after a drop, one connection shared by the browser's tabs): the unread
 * count, and each new notification. Returns the stop.
 */
export function followNotifications(
  api: ApiClient,
  userId: number,
  onCount: (unread: number) => void,
  onNotification: (notification: Notification) => void,
): () => void {
  return followEventStream({
    shareKey: `notifications.${userId}`,
    ticket: async () => (await api.post<EventsTicket>('/notifications/events/ticket', undefined, { silent: true })).ticket,
    url: (ticket) => `${api.baseUrl.replace(/\/+$/, '')}/notifications/events?ticket=${encodeURIComponent(ticket)}`,
    types: [NOTIFICATION_STREAM_EVENTS.count, NOTIFICATION_STREAM_EVENTS.notification],
    onEvent: (type, data) => {
      if (type === NOTIFICATION_STREAM_EVENTS.count) {
        const unread = (data as { unread?: unknown }).unread;
        if (typeof unread === 'number') onCount(unread);
      } else onNotification(data as Notification);
    },
  });
}

const liveListeners = new Set<(notification: Notification) => void>();

/**
 * Each new notification the bell's stream receives, for the /notifications page when it is open at
 * the same time (the bell keeps the only stream: one connection per tab). Returns the unsubscribe.
 */
export function onLiveNotification(listener: (notification: Notification) => void): () => void {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

/** Hands a new notification from the stream to whoever listens (onLiveNotification). */
export function announceLiveNotification(notification: Notification): void {
  for (const listener of liveListeners) listener(notification);
}
