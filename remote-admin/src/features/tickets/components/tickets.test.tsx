import type { Ticket, TicketDetails, TicketMessage } from '@hub/shared/api';
import { en, fr } from '@hub/shared/i18n';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderHelpdesk } from '../../../test-support/render-helpdesk';

const server = startApiServer();
const texts = en.admin.tickets;
const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, page_size: 20 });
const entities = page([
  { id: 1, name: 'Contoso', logo: null, slug: 'contoso', provider_name: null, users_count: 1 },
  { id: 2, name: 'Northwind Traders', logo: null, slug: 'northwind', provider_name: null, users_count: 2 },
]);
const ticket: Ticket = {
  id: 5,
  title: 'Sales report does not refresh',
  description: 'Since Monday <b>nothing</b> moves.',
  status: 'open',
  entity: { id: 2, name: 'Northwind Traders', logo: null },
  author: { id: 7, first_name: 'Nina', last_name: 'North', email: 'user@northwind.test' },
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
  messages_count: 1,
};
const details: TicketDetails = {
  ...ticket,
  messages: [
    {
      id: 1,
      message: 'Still broken today.',
      from_staff: false,
      author: { id: 7, first_name: 'Nina', last_name: 'North', email: 'user@northwind.test' },
      created_at: '2026-03-03T09:00:00.000Z',
    },
  ],
  older_cursor: null,
};

describe('the helpdesk console', () => {
  it('should list every company’s tickets and filter them by status and company in the address', async () => {
    server.routes = [get('/api/admin/tickets', page([ticket], 41)), get('/api/admin/entities', entities)];
    renderHelpdesk('/admin/tickets', server.apiBase);
    const table = await screen.findByRole('table', { name: texts.title });
    expect(await within(table).findByRole('link', { name: ticket.title })).toHaveAttribute('href', '/admin/tickets/details/5');
    const row = within(table).getByRole('link', { name: ticket.title }).closest('tr')!;
    expect(row).toHaveTextContent('Northwind Traders');
    expect(row).toHaveTextContent(texts.statuses.open);
    expect(row).toHaveTextContent('Nina North');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: texts.status }), texts.statuses.in_progress);
    await waitFor(() => expect(server.seen).toContain('/api/admin/tickets?page=1&page_size=20&status=in_progress'));
    const company = screen.getByRole('combobox', { name: texts.entity });
    await waitFor(() => expect(within(company).getByRole('option', { name: 'Contoso' })).toBeInTheDocument());
    await userEvent.selectOptions(company, 'Contoso');
    await waitFor(() => expect(server.seen).toContain('/api/admin/tickets?page=1&page_size=20&status=in_progress&entity_id=1'));
    expect(window.location.search).toBe('?status=in_progress&entity=1');
    await userEvent.click(screen.getByRole('button', { name: en.admin.kit.list.next }));
    await waitFor(() => expect(server.seen).toContain('/api/admin/tickets?page=2&page_size=20&status=in_progress&entity_id=1'));
  });

  it('should show the conversation, send a staff reply and change the status with the status toast', async () => {
    let current: TicketDetails = details;
    server.routes = [
      route('GET', '/api/admin/tickets/5', () => current),
      route(
        'POST',
        '/api/admin/tickets/5/messages',
        (request: SeenRequest) => {
          const { message } = request.body as { message: string };
          current = {
            ...current,
            messages_count: 2,
            messages: [
              ...current.messages,
              {
                id: 2,
                message,
                from_staff: true,
                author: { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
                created_at: '2026-03-03T10:00:00.000Z',
              },
            ],
          };
          return current;
        },
        201,
      ),
      route('PUT', '/api/admin/tickets/5', (request: SeenRequest) => ({ ...ticket, ...(request.body as object) })),
    ];
    const { toasts } = renderHelpdesk('/admin/tickets/details/5', server.apiBase);
    expect(await screen.findByRole('heading', { level: 1, name: `Ticket: ${ticket.title}` })).toBeVisible();
    // The description is text, never HTML.
    expect(screen.getByText('Since Monday <b>nothing</b> moves.')).toBeVisible();
    const conversation = screen.getByRole('list', { name: texts.conversation });
    expect(within(conversation).getByRole('listitem')).toHaveTextContent('Nina North, customer');

    const send = screen.getByRole('button', { name: texts.send });
    await userEvent.click(send);
    expect(screen.getByText(en.common.validation.required)).toBeVisible();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(texts.reply) }), 'We are on it.');
    await userEvent.click(send);
    await waitFor(() => expect(within(conversation).getAllByRole('listitem')).toHaveLength(2));
    expect(within(conversation).getAllByRole('listitem')[1]).toHaveTextContent('Ada Lovelace, helpdesk team');
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({ message: 'We are on it.' });
    expect(screen.getByRole('textbox', { name: new RegExp(texts.reply) })).toHaveValue('');

    const change = screen.getByRole('button', { name: texts.changeStatus });
    expect(change).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: texts.status }), texts.statuses.in_progress);
    await userEvent.click(change);
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'status updated' }));
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({ status: 'in_progress' });
    expect(toasts).toEqual([
      { kind: 'success', message: texts.sent },
      { kind: 'success', message: 'status updated' },
    ]);
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent(texts.statuses.in_progress);
  });

  it('should show the older replies on demand, above the latest ones', async () => {
    const older: TicketMessage = { ...details.messages[0]!, id: 0, message: 'First message of a long thread.' };
    server.routes = [
      (_req, request) =>
        request.method === 'GET' && request.path === '/api/admin/tickets/5'
          ? {
              status: 200,
              body: request.url.includes('before=c1')
                ? { ...details, messages: [older], older_cursor: null }
                : { ...details, older_cursor: 'c1' },
            }
          : undefined,
    ];
    renderHelpdesk('/admin/tickets/details/5', server.apiBase);
    const conversation = await screen.findByRole('list', { name: texts.conversation });
    expect(within(conversation).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: en.common.olderReplies.load }));
    await waitFor(() => expect(within(conversation).getAllByRole('listitem')).toHaveLength(2));
    expect(within(conversation).getAllByRole('listitem')[0]).toHaveTextContent('First message of a long thread.');
    expect(screen.queryByRole('button', { name: en.common.olderReplies.load })).toBeNull();
  });

  it('should toast the failures and say when a ticket does not exist', async () => {
    server.routes = [
      get('/api/admin/tickets/5', details),
      route('PUT', '/api/admin/tickets/5', { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
      route('POST', '/api/admin/tickets/5/messages', { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
    ];
    const view = renderHelpdesk('/admin/tickets/details/5', server.apiBase);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: texts.status }), texts.statuses.closed);
    await userEvent.click(screen.getByRole('button', { name: texts.changeStatus }));
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(texts.reply) }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: texts.send }));
    await waitFor(() =>
      expect(view.toasts).toEqual([
        { kind: 'error', message: 'Error when updating the status !' },
        { kind: 'error', message: texts.sendFailed },
      ]),
    );
    expect(screen.getByRole('textbox', { name: new RegExp(texts.reply) })).toHaveValue('Hello');
    view.unmount();

    server.routes = [get('/api/admin/tickets/99', { statusCode: 404, error: 'Not Found', message: 'Ticket not found' }, 404)];
    renderHelpdesk('/admin/tickets/details/99', server.apiBase);
    expect(await screen.findByText(en.admin.notFound)).toBeVisible();
    expect(screen.queryByRole('button', { name: en.common.retry })).not.toBeInTheDocument();
  });

  it('should speak French and keep the console for administrators', async () => {
    server.routes = [get('/api/admin/tickets', page([])), get('/api/admin/entities', entities)];
    const view = renderHelpdesk('/admin/tickets', server.apiBase, { language: 'fr' });
    expect(await screen.findByText(fr.admin.tickets.empty)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: fr.admin.tickets.title })).toBeVisible();
    expectNoRawKey();
    view.unmount();
    server.requests.length = 0;
    renderHelpdesk('/admin/tickets', server.apiBase, { rights: ['contributor'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.administratorsOnly);
    expect(server.requests).toHaveLength(0);
  });
});
