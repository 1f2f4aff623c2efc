import type { Ticket } from '@hub/shared/api';
import { en } from '@hub/shared/i18n';
import { makeRemoteProps, RemoteRoot, type Notification } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TicketsPage } from './tickets-page';

const api = startApiServer();
let tickets: Ticket[];
const posted: unknown[] = [];

function ticket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    title: `Ticket ${id}`,
    description: '',
    status: 'open',
    entity: null,
    author: { id: 7, first_name: 'Nora', last_name: 'North', email: 'user@northwind.test' },
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    messages_count: 0,
    ...overrides,
  };
}

// The tickets in `tickets`; a posted one is recorded in `posted` and put first.
const ticketsApi: Route = (_req, { method, url, body }) => {
  if (method === 'GET' && url.startsWith('/api/tickets'))
    return { status: 200, body: { items: tickets, total: tickets.length, page: 1, page_size: 100 } };
  if (method === 'POST' && url === '/api/tickets') {
    posted.push(body);
    const created = ticket(tickets.length + 1, body as Partial<Ticket>);
    tickets = [created, ...tickets];
    return { status: 201, body: created };
  }
  return undefined;
};
beforeEach(() => {
  api.routes = [ticketsApi];
});

describe('TicketsPage', () => {
  it('should list the tickets with their status, require a title, and open a new ticket', async () => {
    tickets = [ticket(1, { title: 'Dashboard is empty', status: 'in_progress', description: '<i>since Monday</i>' })];
    const notified: Notification[] = [];
    render(
      <RemoteRoot props={makeRemoteProps('contact', { apiBase: api.apiBase, notify: (n) => notified.push(n) })} namespace="contact">
        <TicketsPage />
      </RemoteRoot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(en.contact.tickets.loading);
    const list = await screen.findByRole('list', { name: en.contact.tickets.title });
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Dashboard is empty');
    expect(first).toHaveTextContent(en.contact.tickets.status.in_progress);
    expect(first).toHaveTextContent('<i>since Monday</i>');

    await userEvent.click(screen.getByRole('button', { name: en.contact.tickets.submit }));
    expect(await screen.findByText(en.common.validation.required)).toBeVisible();
    expect(posted).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(en.contact.tickets.fieldTitle) }), 'Cannot export to Excel');
    await userEvent.type(screen.getByRole('textbox', { name: en.contact.tickets.fieldDescription }), 'The button does nothing.');
    await userEvent.click(screen.getByRole('button', { name: en.contact.tickets.submit }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(posted).toEqual([{ title: 'Cannot export to Excel', description: 'The button does nothing.' }]);
    expect(notified).toContainEqual({ kind: 'success', message: en.contact.tickets.created });
  });

  it('should not offer to open a ticket in display-as, which the server refuses in another name', async () => {
    tickets = [ticket(1, { title: 'Dashboard is empty' })];
    const base = makeRemoteProps('contact', { apiBase: api.apiBase });
    const props = { ...base, session: { ...base.session, displayAs: { userId: 7, includesUnpublished: false } } };
    render(
      <RemoteRoot props={props} namespace="contact">
        <TicketsPage />
      </RemoteRoot>,
    );
    expect(await screen.findByRole('list', { name: en.contact.tickets.title })).toHaveTextContent('Dashboard is empty');
    expect(screen.getByText(en.contact.composer.readOnly)).toBeVisible();
    expect(screen.queryByRole('button', { name: en.contact.tickets.submit })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('should show the helpdesk team’s replies and the status, and send the customer’s answer', async () => {
    tickets = [ticket(1, { title: 'Dashboard is empty', status: 'in_progress', messages_count: 1 })];
    let messages = [
      {
        id: 1,
        message: 'We are looking into it.',
        from_staff: true,
        author: { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'admin@demo.test' },
        created_at: '2025-03-01T10:00:00.000Z',
      },
    ];
    const notified: Notification[] = [];
    api.routes = [
      (_req, { method, path, body }) => {
        if (method === 'GET' && path === '/api/tickets/1') return { status: 200, body: { ...tickets[0], messages } };
        if (method === 'POST' && path === '/api/tickets/1/messages') {
          const { message } = body as { message: string };
          messages = [...messages, { ...messages[0]!, id: 2, message, from_staff: false, author: tickets[0]!.author! }];
          return { status: 201, body: { ...tickets[0], messages_count: 2, messages } };
        }
        return undefined;
      },
      ticketsApi,
    ];
    render(
      <RemoteRoot props={makeRemoteProps('contact', { apiBase: api.apiBase, notify: (n) => notified.push(n) })} namespace="contact">
        <TicketsPage />
      </RemoteRoot>,
    );
    const list = await screen.findByRole('list', { name: en.contact.tickets.title });
    expect(within(list).getByRole('listitem')).toHaveTextContent(en.contact.tickets.status.in_progress);
    const show = within(list).getByRole('button', { name: 'Show the conversation (1 reply)' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    const conversation = await screen.findByRole('list', { name: 'Conversation about Dashboard is empty' });
    expect(within(conversation).getByRole('listitem')).toHaveTextContent('Ada Admin, helpdesk team');
    expect(within(conversation).getByRole('listitem')).toHaveTextContent('We are looking into it.');
    expect(screen.getByRole('button', { name: en.contact.tickets.hideConversation })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(screen.getByRole('button', { name: en.contact.tickets.replySubmit }));
    expect(await screen.findByText(en.common.validation.required)).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(en.contact.tickets.replyLabel) }), 'Thank you.');
    await userEvent.click(screen.getByRole('button', { name: en.contact.tickets.replySubmit }));
    await waitFor(() => expect(within(conversation).getAllByRole('listitem')).toHaveLength(2));
    expect(within(conversation).getAllByRole('listitem')[1]).toHaveTextContent('Nora North');
    expect(notified).toContainEqual({ kind: 'success', message: en.contact.tickets.replied });
  });
});
