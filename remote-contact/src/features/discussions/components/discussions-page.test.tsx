import type { Discussion, Message } from '@hub/shared/api';
import { en, fr } from '@hub/shared/i18n';
import { makeRemoteProps, makeUser, RemoteRoot, type Notification } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DiscussionsPage } from './discussions-page';

const customer = { id: 7, first_name: 'Nora', last_name: 'North', email: 'user@northwind.test' };
const consultant = { id: 3, first_name: 'Cora', last_name: 'Consultant', email: 'consultant@demo.test' };

const api = startApiServer();
let messages: Message[];
let discussion: Discussion;

function message(id: number, from: typeof customer, text: string, overrides: Partial<Message> = {}): Message {
  return {
    id,
    discussion_id: 1,
    from_user: from,
    to_user: from.id === customer.id ? consultant : customer,
    parent_message_id: id > 1 ? id - 1 : null,
    message: text,
    status: 'open',
    is_edited: false,
    created_at: `2025-03-0${id}T09:00:00.000Z`,
    modified_at: null,
    ...overrides,
  };
}

const list = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: Math.max(items.length, 1) });

// The customer's own time zone, which is not the test machine's: 14:00 UTC reads 09:00 in New York.
const preferences: Route = (_req, { method, url }) =>
  method === 'GET' && url === '/api/notifications/preferences'
    ? { status: 200, body: { delivery: {}, digest_hour: 8, followed_categories: null, language: 'en', time_zone: 'America/New_York' } }
    : undefined;

// The open discussion and its thread, kept in `discussion` and `messages`, changed by what the page sends.
const contactApi: Route = (_req, { method, url, body }) => {
  const sent = body as { message: string; close?: boolean; id?: number };
  const current = { ...discussion, last_message: messages.at(-1) ?? null };
  if (method === 'GET' && (url === '/api/discussions' || url === '/api/discussions/all'))
    return { status: 200, body: list(current.status === 'open' || url.endsWith('all') ? [current] : []) };
  if (method === 'GET' && url === '/api/discussions/pending') return { status: 200, body: list([]) };
  if (method === 'POST' && url === '/api/discussions/events/ticket')
    return { status: 200, body: { ticket: 'signed-ticket', expires_in: 60 } };
  if (method === 'GET' && url === '/api/discussions/1/messages') return { status: 200, body: { discussion: current, messages } };
  if (method === 'POST' && url === '/api/discussions') {
    const created = message(messages.length + 1, customer, sent.message);
    messages = [...messages, created];
    if (sent.close) discussion = { ...discussion, status: 'closed', closed_at: '2025-03-09T09:00:00.000Z' };
    return { status: 201, body: { discussion: { ...discussion, last_message: created }, message: created } };
  }
  if (method === 'POST' && url === '/api/messages/replace') {
    messages = messages.map((m) =>
      m.id === sent.id ? { ...m, message: sent.message, is_edited: true, modified_at: '2025-03-08T10:00:00.000Z' } : m,
    );
    return { status: 200, body: messages.find((m) => m.id === sent.id) };
  }
  if (method === 'DELETE' && url.startsWith('/api/messages/')) {
    const id = Number(url.split('/').pop());
    messages = messages.filter((m) => m.id !== id);
    return { status: 204 };
  }
  return undefined;
};

beforeEach(() => {
  api.routes = [preferences, contactApi];
  window.history.pushState(null, '', '/contact');
  discussion = {
    id: 1,
    customer,
    consultant,
    status: 'open',
    created_at: '2025-03-01T09:00:00.000Z',
    closed_at: null,
    last_message: null,
    pending_count: 0,
    promise: { reply_by: null, target_hours: 4, waiting_on: 'customer', away_until: null, stand_in: null },
  };
  messages = [message(1, customer, 'Hello, my report is slow.'), message(2, consultant, '<b>Looking</b> into it.')];
});

function renderPage(overrides: { navigate?: (to: string) => void; language?: 'en' | 'fr' } = {}) {
  const notified: Notification[] = [];
  const user = makeUser({ ...customer, contacts: [{ ...consultant, description: null, profile_image: null }], open_discussion_counter: 1 });
  const refreshSession = jest.fn(async () => undefined);
  render(
    <RemoteRoot
      props={makeRemoteProps('contact', {
        apiBase: api.apiBase,
        session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
        notify: (notification) => notified.push(notification),
        refreshSession,
        ...overrides,
      })}
      namespace="contact"
    >
      <DiscussionsPage />
    </RemoteRoot>,
  );
  return { notified, refreshSession };
}

describe('DiscussionsPage', () => {
  it('should show the promise and the thread, own messages with controls, the other party’s as plain text without any', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(en.contact.loading);
    expect(await screen.findByText('Cora usually replies within 4 business hours.')).toBeVisible();
    const log = await screen.findByRole('log', { name: 'Messages with Cora Consultant' });
    const [mine, theirs] = within(log).getAllByRole('article');
    expect(mine).toHaveTextContent('Hello, my report is slow.');
    expect(within(mine!).getByRole('button', { name: en.contact.thread.edit })).toBeVisible();
    expect(within(mine!).getByRole('button', { name: en.contact.thread.delete })).toBeVisible();
    expect(theirs).toHaveTextContent('<b>Looking</b> into it.');
    expect(theirs!.querySelector('b')).toBeNull();
    expect(within(theirs!).queryByRole('button')).toBeNull();
  });

  it('should send with Enter, keep a new line with Shift+Enter, and say so', async () => {
    const { notified } = renderPage();
    const box = await screen.findByRole('textbox', { name: en.contact.composer.label });
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line{Enter}');
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST' && r.url === '/api/discussions')).toBe(true));
    expect(api.requests.find((r) => r.method === 'POST')!.body).toEqual({
      message: 'First line\nsecond line',
      discussion_id: 1,
      close: false,
    });
    expect(await screen.findByText(/second line/)).toBeVisible();
    expect(notified).toContainEqual({ kind: 'success', message: en.contact.toasts.sent });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('should edit an own message, marked edited, and delete one after the shared confirmation', async () => {
    const { notified } = renderPage();
    const log = await screen.findByRole('log');
    await userEvent.click(within(log).getByRole('button', { name: en.contact.thread.edit }));
    const editor = screen.getByRole('textbox', { name: en.contact.thread.editLabel });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Hello, my report is very slow.{Enter}');
    await waitFor(() => expect(within(log).getAllByRole('article')[0]).toHaveTextContent(/edited.*Hello, my report is very slow\./));
    expect(screen.queryByRole('textbox', { name: en.contact.thread.editLabel })).toBeNull();
    expect(notified).toContainEqual({ kind: 'success', message: en.contact.toasts.modified });

    await userEvent.click(within(log).getByRole('button', { name: en.contact.thread.delete }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(en.common.deleteDialog.question);
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.deleteDialog.confirm }));
    await waitFor(() => expect(within(log).queryByText('Hello, my report is very slow.')).toBeNull());
    expect(api.requests.some((r) => r.method === 'DELETE' && r.url === '/api/messages/1')).toBe(true);
    expect(notified).toContainEqual({ kind: 'success', message: en.contact.toasts.deleted });
  });

  it('should send and close with Send & Close, then go to the closed discussions', async () => {
    const navigate = jest.fn();
    const { notified, refreshSession } = renderPage({ navigate });
    await userEvent.type(await screen.findByRole('textbox', { name: en.contact.composer.label }), 'Thanks, solved.');
    await userEvent.click(screen.getByRole('button', { name: en.contact.composer.sendClose }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/contact-close'));
    expect(api.requests.find((r) => r.method === 'POST')!.body).toEqual({ message: 'Thanks, solved.', discussion_id: 1, close: true });
    expect(notified).toContainEqual({ kind: 'success', message: en.contact.toasts.closed });
    expect(refreshSession).toHaveBeenCalled();
  });

  describe('live events', () => {
    /** Stands in for the browser's EventSource, which jsdom lacks: the test plays the server's events. */
    class FakeEventSource {
      static last: FakeEventSource | null = null;
      listeners = new Map<string, (event: MessageEvent<string>) => void>();
      closed = false;
      onerror: (() => void) | null = null;
      constructor(public url: string) {
        FakeEventSource.last = this;
      }
      addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
        this.listeners.set(type, listener);
      }
      close() {
        this.closed = true;
      }
      emit(type: string, data: unknown) {
        this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
      }
    }
    beforeEach(() => {
      FakeEventSource.last = null;
      (window as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
    });
    afterEach(() => {
      delete (window as unknown as { EventSource?: unknown }).EventSource;
    });

    it('should connect with a ticket, show a message from the other party without a reload, and reload the session only when counters change', async () => {
      const { refreshSession } = renderPage();
      const log = await screen.findByRole('log');
      await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
      expect(FakeEventSource.last!.url).toBe(`${api.apiBase}/discussions/events?ticket=signed-ticket`);

      const reply = message(3, consultant, 'Found it: a missing index.');
      messages = [...messages, reply];
      act(() =>
        FakeEventSource.last!.emit('message.created', { type: 'message.created', discussion_id: 1, message_id: 3, message: reply }),
      );
      expect(await within(log).findByText('Found it: a missing index.')).toBeVisible();

      act(() =>
        FakeEventSource.last!.emit('counters', {
          type: 'counters',
          discussion_id: 0,
          message_id: null,
          open_discussion_counter: 1,
          close_discussion_counter: 0,
          pending_message_counter: 0,
        }),
      );
      expect(refreshSession).not.toHaveBeenCalled();
      act(() =>
        FakeEventSource.last!.emit('counters', {
          type: 'counters',
          discussion_id: 1,
          message_id: 3,
          open_discussion_counter: 1,
          close_discussion_counter: 0,
          pending_message_counter: 1,
        }),
      );
      expect(refreshSession).toHaveBeenCalledTimes(1);
    });
  });
});

describe('DiscussionsPage, the consultant’s promise', () => {
  const dana = { id: 9, first_name: 'Dana', last_name: 'Deputy' };
  const note = (label = en.contact.promise.label) => screen.findByRole('region', { name: label });

  it('should say by when to expect an answer while the customer waits, in their language and time zone', async () => {
    discussion.promise = { reply_by: '2026-12-15T14:00:00.000Z', target_hours: 4, waiting_on: 'staff', away_until: null, stand_in: null };
    renderPage();
    await waitFor(async () =>
      expect(await note()).toHaveTextContent(
        'Cora usually replies within 4 business hours: expect an answer by Tuesday, December 15 at 09:00 AM.',
      ),
    );
    expect(api.requests.some((r) => r.url === '/api/notifications/preferences')).toBe(true);
  });

  it('should say it in French, a fraction of an hour written the French way', async () => {
    discussion.promise = { reply_by: '2026-12-15T14:00:00.000Z', target_hours: 1.5, waiting_on: 'staff', away_until: null, stand_in: null };
    renderPage({ language: 'fr' });
    await waitFor(async () =>
      expect(await note(fr.contact.promise.label)).toHaveTextContent(
        'Cora répond généralement sous 1,5 heure ouvrée : réponse attendue d’ici mardi 15 décembre à 09:00.',
      ),
    );
  });

  it('should give only the target while the consultant waits on the customer', async () => {
    discussion.promise = { reply_by: null, target_hours: 1, waiting_on: 'customer', away_until: null, stand_in: null };
    renderPage();
    expect(await note()).toHaveTextContent(/^Cora usually replies within 1 business hour\.$/);
  });

  it('should name the stand-in while the consultant is away, and whose hours the time is counted in', async () => {
    discussion.promise = {
      reply_by: '2026-12-15T14:00:00.000Z',
      target_hours: 4,
      waiting_on: 'staff',
      away_until: '2026-12-18',
      stand_in: dana,
    };
    renderPage();
    const region = await note();
    await waitFor(() => expect(region).toHaveTextContent('Cora is away until December 18; Dana is answering.'));
    expect(region).toHaveTextContent('The expected time is counted in Dana’s business hours.');
    expect(region).toHaveAttribute('aria-live', 'polite');
  });

  it('should not speak of the stand-in’s hours while waiting on the customer', async () => {
    discussion.promise = { reply_by: null, target_hours: 4, waiting_on: 'customer', away_until: '2026-12-18', stand_in: dana };
    renderPage();
    const region = await note();
    await waitFor(() => expect(region).toHaveTextContent('Cora is away until December 18; Dana is answering.'));
    expect(region).not.toHaveTextContent(/counted in/);
  });

  it('should show who wrote each message of the thread', async () => {
    renderPage();
    const log = await screen.findByRole('log');
    const [mine, theirs] = within(log).getAllByRole('article');
    expect(mine).toHaveAccessibleName(/^You, /);
    expect(theirs).toHaveAccessibleName(/^Cora Consultant, /);
  });
});

describe('DiscussionsPage, long threads and lists', () => {
  it('should show the latest messages, then the older ones above them with the keyboard-reachable button', async () => {
    const older = [message(1, customer, 'The very first question.'), message(2, consultant, 'The very first answer.')];
    messages = [message(3, customer, 'A later question.'), message(4, consultant, 'A later answer.')];
    const paged: Route = (_req, { method, url }) => {
      const current = { ...discussion, last_message: messages.at(-1) ?? null };
      if (method === 'GET' && url === '/api/discussions/1/messages')
        return { status: 200, body: { discussion: current, messages, older_cursor: 'b2xkZXI' } };
      if (method === 'GET' && url === '/api/discussions/1/messages?page_size=100&before=b2xkZXI')
        return { status: 200, body: { discussion: current, messages: older, older_cursor: null } };
      return undefined;
    };
    api.routes = [paged, preferences, contactApi];
    renderPage();
    const log = await screen.findByRole('log', { name: 'Messages with Cora Consultant' });
    expect(
      within(log)
        .getAllByRole('article')
        .map((article) => article.textContent),
    ).toEqual([expect.stringContaining('A later question.'), expect.stringContaining('A later answer.')]);
    const button = within(log).getByRole('button', { name: en.contact.thread.loadOlder });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.requests.map((r) => r.url)).toContain('/api/discussions/1/messages?page_size=100&before=b2xkZXI'));
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(4));
    expect(within(log).getAllByRole('article')[0]).toHaveTextContent('The very first question.');
    expect(within(log).queryByRole('button', { name: en.contact.thread.loadOlder })).toBeNull();
  });

  it('should read the next page of my discussions with "Show more", saying how many there are', async () => {
    const second = { ...discussion, id: 2, status: 'closed' as const, closed_at: '2025-02-01T09:00:00.000Z' };
    const paged: Route = (_req, { method, url }) => {
      const current = { ...discussion, last_message: messages.at(-1) ?? null };
      if (method === 'GET' && url === '/api/discussions/all')
        return { status: 200, body: { ...list([current]), total: 2, total_capped: false, next_cursor: 'bmV4dA' } };
      if (method === 'GET' && url === '/api/discussions/all?cursor=bmV4dA')
        return { status: 200, body: { ...list([second]), total: 2, total_capped: false, page: 2, next_cursor: null } };
      return undefined;
    };
    api.routes = [paged, preferences, contactApi];
    renderPage();
    const mine = await screen.findByRole('list', { name: en.contact.sections.mine });
    expect(within(mine).getAllByRole('listitem')).toHaveLength(1);
    expect(await screen.findByText('1 of 2')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: en.contact.loadMore }));
    await waitFor(() => expect(within(mine).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: en.contact.loadMore })).toBeNull();
  });
});
