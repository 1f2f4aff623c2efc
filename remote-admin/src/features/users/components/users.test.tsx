import { en, fr } from '@hub/shared/i18n';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPeople } from '../../../test-support/render-people';

const server = startApiServer();
const texts = en.admin.users;
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 20 });
const entities = page([
  { id: 1, name: 'Contoso', logo: null, slug: 'contoso', provider_name: null, users_count: 1 },
  { id: 2, name: 'Northwind Traders', logo: null, slug: 'northwind', provider_name: null, users_count: 2 },
]);
const listed = {
  id: 7,
  first_name: 'Nina',
  last_name: 'North',
  email: 'user@northwind.test',
  rights: ['user'],
  entity: { id: 2, name: 'Northwind Traders', logo: null },
  contact_enable: false,
  profile_image: null,
};
const nina = {
  ...listed,
  welcome_message: null,
  contacts: [],
  clients: [],
  open_discussion_counter: 3,
  close_discussion_counter: 5,
  pending_message_counter: 2,
  pbi_groups: [],
  description: null,
};

describe('the users console', () => {
  it('should list the users with their role and entity, and search and filter them on the server', async () => {
    server.routes = [
      get('/api/admin/users', page([listed])),
      get('/api/admin/entities', entities),
      get('/api/admin/users/get/no-entity', page([])),
      get('/api/admin/users/entity/1', page([])),
    ];
    renderPeople('/admin/users', server.apiBase);
    const table = await screen.findByRole('table', { name: texts.title });
    expect(await within(table).findByRole('link', { name: 'Nina North' })).toHaveAttribute('href', '/admin/users/details/7');
    expect(within(table).getByText('user@northwind.test')).toBeVisible();
    expect(within(table).getByText(texts.roles.user)).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: en.common['search-name-email'] }), 'nina');
    await waitFor(() => expect(server.seen).toContain('/api/admin/users?page=1&page_size=20&search=nina'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: texts.role }), texts.roles.contributor);
    await waitFor(() => expect(server.seen).toContain('/api/admin/users?page=1&page_size=20&search=nina&role=contributor'));
    const entity = screen.getByRole('combobox', { name: texts.entity });
    await waitFor(() => expect(within(entity).getByRole('option', { name: 'Contoso' })).toBeInTheDocument());
    await userEvent.selectOptions(entity, 'Contoso');
    await waitFor(() => expect(server.seen).toContain('/api/admin/users/entity/1?page=1&page_size=20&search=nina&role=contributor'));
    await userEvent.selectOptions(entity, texts.noEntity);
    await waitFor(() => expect(server.seen).toContain('/api/admin/users/get/no-entity?page=1&page_size=20&search=nina&role=contributor'));
  });

  it("should offer to display the hub as a user from the user's row when the shell allows it", async () => {
    server.routes = [get('/api/admin/users', page([listed])), get('/api/admin/entities', entities)];
    const started: number[] = [];
    renderPeople('/admin/users', server.apiBase, {
      startDisplayAs: async (userId) => {
        started.push(userId);
        return true;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: texts.displayAs.replace('{{name}}', 'Nina North') }));
    expect(started).toEqual([7]);
  });

  it('should show the counters read-only, raise the role with what it adds, and toast the update word for word', async () => {
    server.routes = [
      get('/api/admin/users/7', nina),
      get('/api/admin/entities', entities),
      route('PUT', '/api/admin/users/7', (request: SeenRequest) => {
        const body = request.body as { rights: string[]; entity_id: number };
        return { ...nina, rights: body.rights, entity: { id: body.entity_id, name: 'Contoso', logo: null } };
      }),
    ];
    const { toasts } = renderPeople('/admin/users/details/7', server.apiBase);
    expect(await screen.findByRole('heading', { level: 1, name: texts.editTitle.replace('{{name}}', 'Nina North') })).toBeVisible();
    const counters = screen.getByRole('region', { name: texts.counters });
    expect(within(counters).getByText(texts.openDiscussions).parentElement).toHaveTextContent('3');
    expect(within(counters).getByText(texts.pendingMessages).parentElement).toHaveTextContent('2');
    expect(screen.getByText(texts.roleHelp.user)).toBeVisible();

    const role = screen.getByRole('combobox', { name: texts.role });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['User', 'Contributor', 'Publisher', 'Administrator']);
    await userEvent.selectOptions(role, texts.roles.contributor);
    expect(screen.getByText(texts.roleHelp.contributor)).toBeVisible();
    const entity = screen.getByRole('combobox', { name: texts.entity });
    await waitFor(() => expect(within(entity).getByRole('option', { name: 'Contoso' })).toBeInTheDocument());
    await userEvent.selectOptions(entity, 'Contoso');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));

    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The user was updated successfully !' }]));
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({ rights: ['contributor'], entity_id: 1 });
  });

  it("should end the person's sessions on the server and say so", async () => {
    server.routes = [
      get('/api/admin/users/7', nina),
      get('/api/admin/entities', entities),
      route('POST', '/api/admin/users/7/end-sessions', null, 204),
    ];
    const { toasts } = renderPeople('/admin/users/details/7', server.apiBase);
    await userEvent.click(await screen.findByRole('button', { name: texts.endSessions }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: texts.sessionsEnded }]));
    expect(
      server.requests.filter((request) => request.path === '/api/admin/users/7/end-sessions').map((request) => request.method),
    ).toEqual(['POST']);
  });

  it('should erase the person only once their email is typed, naming what goes and what stays', async () => {
    server.routes = [
      get('/api/admin/users/7', nina),
      get('/api/admin/entities', entities),
      get('/api/admin/users', page([])),
      route('POST', '/api/admin/users/7/erase', { deleted: { notifications: 2 }, kept: { messages: 4 } }),
    ];
    const { toasts } = renderPeople('/admin/users/details/7', server.apiBase);
    const words = texts.dataProtection;
    await userEvent.click(await screen.findByRole('button', { name: words.erase }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase Nina North?' });
    expect(within(dialog).getByText(words.goes)).toBeVisible();
    expect(within(dialog).getByText(words.stays)).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: words.confirm });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type user@northwind.test to confirm'), 'user@northwind');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type user@northwind.test to confirm'), '.test');
    await userEvent.click(confirm);
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: words.erased }]));
    expect(server.requests.find((request) => request.path === '/api/admin/users/7/erase')?.body).toEqual({
      confirm: 'user@northwind.test',
    });
  });

  it('should say when the sessions could not be ended', async () => {
    server.routes = [
      get('/api/admin/users/7', nina),
      get('/api/admin/entities', entities),
      route('POST', '/api/admin/users/7/end-sessions', { statusCode: 404, error: 'Not Found', message: 'No such user' }, 404),
    ];
    const { toasts } = renderPeople('/admin/users/details/7', server.apiBase);
    await userEvent.click(await screen.findByRole('button', { name: texts.endSessions }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: texts.endSessionsFailed }]));
  });

  it('should say at the field what is wrong, before sending and from the server', async () => {
    server.routes = [
      get('/api/admin/users/7', nina),
      get('/api/admin/entities', entities),
      route(
        'PUT',
        '/api/admin/users/7',
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'rights: You cannot remove your own administrator right',
          errors: [{ field: 'rights', message: 'You cannot remove your own administrator right' }],
        },
        400,
      ),
    ];
    const { toasts } = renderPeople('/admin/users/details/7', server.apiBase);
    const first = await screen.findByRole('textbox', { name: new RegExp(`^${texts.firstName}`) });
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    expect(screen.getByText('This field is required')).toBeVisible();
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await userEvent.type(first, 'Nina');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: texts.role }), texts.roles.publisher);
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    expect(await screen.findByText('You cannot remove your own administrator right')).toBeVisible();
    expect(toasts).toEqual([{ kind: 'error', message: 'Error when updating the user !' }]);
  });

  it('should speak French and keep the console for administrators', async () => {
    server.routes = [get('/api/admin/users', page([listed])), get('/api/admin/entities', entities)];
    const view = renderPeople('/admin/users', server.apiBase, { language: 'fr' });
    expect(await screen.findByRole('table', { name: fr.admin.users.title })).toBeVisible();
    // The companies of the filter are asked for beside the list: once that call has arrived, none of
    // this first page's is left in flight to be counted as the second page's.
    await waitFor(() => expect(server.requests.some((request) => request.path === '/api/admin/entities')).toBe(true));
    view.unmount();
    server.requests.length = 0;
    renderPeople('/admin/users', server.apiBase, { rights: ['contributor'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(en.admin.people.administratorsOnly);
    expect(server.requests).toHaveLength(0);
  });
});
