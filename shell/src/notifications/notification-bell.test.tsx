import type { Notification, NotificationList } from '@hub/shared/api';
import { makeUser } from '@hub/shared/remote';
import { get, route, startApiServer } from '@hub/shared/test-support';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeServices, renderInShell } from '../test-support/render-shell';
import { NotificationBell } from './notification-bell';
import NotificationsPage from './notifications-page';

const api = startApiServer();

/** Stands in for the browser's EventSource, which jsdom lacks: the test plays the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const reply: Notification = {
  id: 7,
  kind: 'discussions',
  event: 'discussion.reply',
  title: 'Colin Consultant',
  path: '/contact',
  created_at: '2026-11-20T10:00:00.000Z',
  read_at: null,
  actor: null,
};
const page = (items: Notification[]): NotificationList => ({
  items,
  total: items.length,
  total_capped: false,
  page: 1,
  page_size: 8,
  next_cursor: null,
});

beforeEach(() => {
  FakeEventSource.last = null;
  (window as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  api.routes = [
    get('/api/notifications/count', { unread: 1 }),
    route('POST', '/api/notifications/events/ticket', { ticket: 'signed-ticket', expires_in: 60 }),
    get('/api/notifications', page([reply])),
    route('PUT', '/api/notifications/7/read', { ...reply, read_at: '2026-11-20T10:01:00.000Z' }),
  ];
});
afterEach(() => {
  delete (window as unknown as { EventSource?: unknown }).EventSource;
});

function renderBell(language: 'en' | 'fr' = 'en') {
  const services = makeServices(api.origin);
  if (language === 'fr') void services.i18n.changeLanguage('fr');
  services.session.setUser(makeUser({ rights: ['user'] }));
  renderInShell(<NotificationBell />, services);
  return services;
}

describe('NotificationBell', () => {
  it('should show the unread count, follow it live without a reload, and announce it politely', async () => {
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread notification' })).toBeVisible();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    expect(FakeEventSource.last!.url).toBe(`${api.origin}/api/notifications/events?ticket=signed-ticket`);
    act(() => FakeEventSource.last!.emit('notification-count', { unread: 3 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread notifications' })).toBeVisible();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('3 unread notifications');
    act(() => FakeEventSource.last!.emit('notification-count', { unread: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('should open the latest by keyboard, and open an item marking it read', async () => {
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread notification' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Latest notifications' });
    const item = await within(panel).findByRole('link', { name: /Colin Consultant replied to you/ });
    expect(item).toHaveAttribute('href', '/contact');
    await user.click(item);
    await waitFor(() =>
      expect(api.requests.some((request) => request.method === 'PUT' && request.path === '/api/notifications/7/read')).toBe(true),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/contact');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should close on Escape with focus back on the bell, and speak French', async () => {
    const user = userEvent.setup();
    renderBell('fr');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 notification non lue' });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Dernières notifications' });
    expect(await within(panel).findByRole('link', { name: /Colin Consultant vous a répondu/ })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('should put a notification that arrives first on an open /notifications page, without a reload', async () => {
    const services = makeServices(api.origin);
    services.session.setUser(makeUser({ rights: ['user'] }));
    renderInShell(
      <>
        <NotificationBell />
        <NotificationsPage />
      </>,
      services,
    );
    expect(await screen.findByRole('link', { name: /Colin Consultant replied to you/ })).toBeVisible();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    act(() => FakeEventSource.last!.emit('notification', { ...reply, id: 8, title: 'Olga Other' }));
    const items = await screen.findAllByRole('link', { name: /replied to you/ });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Olga Other'),
      expect.stringContaining('Colin Consultant'),
    ]);
    expect(api.requests.filter((request) => request.path === '/api/notifications').length).toBe(1);
  });
});
