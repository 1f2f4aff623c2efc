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
});
