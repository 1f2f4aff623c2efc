import { en, fr } from '@hub/shared/i18n';
import { get, route, startApiServer, type Route, type SeenRequest } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderGroups } from '../../../test-support/render-groups';

const server = startApiServer();
const texts = en.admin.groups;
const pbi = en.admin.pbi;
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 20 });
const sales = { id: 1, name: 'Northwind sales', pbi_group_name: 'NW-Sales', users_count: 2 };
const local = { id: 2, name: 'Readers', pbi_group_name: null, users_count: 0 };
/** A line of the users lists, as GET /api/admin/groups/{id}/users and /api/admin/users answer it. */
const person = (id: number, first: string, last: string, email: string) => ({
  id,
  first_name: first,
  last_name: last,
  email,
  rights: ['user'],
  entity: null,
  contact_enable: false,
  profile_image: null,
});
const nina = person(7, 'Nina', 'North', 'user@northwind.test');
const cleo = person(8, 'Cleo', 'Contoso', 'user@contoso.test');
/** The details count the members; the members are paged by GET /api/admin/groups/{id}/users. */
const salesDetail = { id: 1, name: 'Northwind sales', pbi_group_name: 'NW-Sales', users_count: 1 };
const groupsResult = { status: 'success', found: 3, created: 1, updated: 0, unchanged: 2, not_on_server: 1, groups: [] };
const usersResult = { status: 'success', users: 6, updated: 2, unchanged: 4, added: 0, removed: 2 };
const nameBox = () => screen.getByRole('textbox', { name: new RegExp(`^${texts.name}(?! on)`) });
const pbiBox = () => screen.getByRole('textbox', { name: new RegExp(`^${texts.pbiName}`) });

/** An answer that waits until `release()`: a sync that takes its time. */
function slow(method: string, path: string, body: unknown) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answer: Route = async (_req, request) => {
    if (request.method !== method || request.path !== path) return undefined;
    await gate;
    return { status: 200, body };
  };
  return { answer, release };
}

describe('the groups console', () => {
  it('should list the groups with their report-server name and members, and confirm a deletion', async () => {
    server.routes = [get('/api/admin/groups', page([sales, local])), route('DELETE', '/api/admin/groups/2', '', 204)];
    const { toasts } = renderGroups('/admin/groups', server.apiBase);
    const table = await screen.findByRole('table', { name: texts.title });
    expect(await within(table).findByRole('link', { name: 'Northwind sales' })).toHaveAttribute('href', '/admin/groups/details/1');
    expect(within(table).getByText('NW-Sales')).toBeVisible();
    expect(within(table).getByText(texts.notLinked)).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: texts.pbiName })).toBeVisible();
    expectNoRawKey();

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Readers' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Readers has no member.');
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.deleteDialog.confirm }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The group was deleted successfully !' }]));
    expect(server.requests.some((request) => request.method === 'DELETE' && request.url === '/api/admin/groups/2')).toBe(true);
  });

  it('should search the groups on the server and say when none is there yet', async () => {
    server.routes = [get('/api/admin/groups', page([]))];
    renderGroups('/admin/groups', server.apiBase);
    expect(await screen.findByText(texts.empty)).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: en.admin.kit.list.searchLabel }), 'sales');
    await waitFor(() => expect(server.seen).toContain('/api/admin/groups?page=1&page_size=20&search=sales'));
  });

  it('should require a name and bound both names, then create the group and toast it word for word', async () => {
    server.routes = [
      route('POST', '/api/admin/groups', (request: SeenRequest) => ({ id: 9, users_count: 0, ...(request.body as object) }), 201),
      get('/api/admin/groups/9', { id: 9, name: 'Finance readers', pbi_group_name: 'FIN-Readers', users_count: 0 }),
      get('/api/admin/groups/9/users', page([])),
      get('/api/admin/users', page([])),
    ];
    const { toasts } = renderGroups('/admin/groups/details', server.apiBase);
    expect(await screen.findByRole('heading', { level: 1, name: texts.newTitle })).toBeVisible();
    expect(screen.getByText(texts.saveFirst)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    expect(screen.getByText('This field is required')).toBeVisible();
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(nameBox(), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(pbiBox(), { target: { value: 'y'.repeat(256) } });
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    expect(screen.getByText('Invalid length, maximum length is 200')).toBeVisible();
    expect(screen.getByText('Invalid length, maximum length is 255')).toBeVisible();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.clear(nameBox());
    await userEvent.type(nameBox(), 'Finance readers');
    await userEvent.clear(pbiBox());
    await userEvent.type(pbiBox(), ' FIN-Readers ');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The group was created successfully !' }]));
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Finance readers',
      pbi_group_name: 'FIN-Readers',
    });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/groups/details/9'));
  });

  it('should put a taken name on its field and toast the creation error word for word', async () => {
    server.routes = [
      route(
        'POST',
        '/api/admin/groups',
        {
          statusCode: 409,
          error: 'Conflict',
          message: 'A group with this name already exists',
          errors: [{ field: 'name', message: 'A group with this name already exists' }],
        },
        409,
      ),
    ];
    const { toasts } = renderGroups('/admin/groups/details', server.apiBase);
    await screen.findByRole('heading', { level: 1, name: texts.newTitle });
    await userEvent.type(nameBox(), 'Northwind sales');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Error when creating the group !' }]));
    expect(screen.getByText('A group with this name already exists')).toBeVisible();
    expect(window.location.pathname).toBe('/admin/groups/details');
  });

  it('should update a group, toast it, and change its members one at a time through the double list, both sides paged by the server', async () => {
    server.routes = [
      get('/api/admin/groups/1', salesDetail),
      route('PUT', '/api/admin/groups/1', (request: SeenRequest) => ({
        ...salesDetail,
        name: (request.body as { name?: string }).name ?? salesDetail.name,
      })),
      get('/api/admin/groups/1/users', page([nina])),
      get('/api/admin/users', page([cleo])),
      route('PUT', '/api/admin/groups/1/users/add/8', { ...salesDetail, users_count: 2 }),
      route('PUT', '/api/admin/groups/1/users/remove/7', { ...salesDetail, users_count: 1 }),
    ];
    const { toasts } = renderGroups('/admin/groups/details/1', server.apiBase);
    expect(await screen.findByRole('heading', { level: 1, name: 'Group: Northwind sales' })).toBeVisible();
    expect(pbiBox()).toHaveValue('NW-Sales');
    await userEvent.clear(nameBox());
    await userEvent.type(nameBox(), 'Northwind sales team');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The group was updated successfully !' }]));
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Northwind sales team',
      pbi_group_name: 'NW-Sales',
    });

    // The members' section counts them from the details (users_count), which hold no list of members.
    const heading = screen.getByRole('heading', { level: 2, name: texts.members });
    expect(heading.parentElement).toHaveTextContent('1 user');
    const left = await screen.findByRole('listbox', { name: 'Not associated users' });
    const right = screen.getByRole('listbox', { name: 'Associated users' });
    expect(await within(right).findByRole('option', { name: '< Nina North (user@northwind.test)' })).toBeVisible();
    // The right side is the group's members route, the left side the users outside the group.
    expect(server.seen).toContain('/api/admin/groups/1/users?page=1&page_size=50');
    expect(server.seen).toContain('/api/admin/users?page=1&page_size=50&not_group=1');
    await userEvent.click(await within(left).findByRole('option', { name: 'Cleo Contoso (user@contoso.test) >' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
    await waitFor(() => expect(heading.parentElement).toHaveTextContent('2 users'));
    await userEvent.click(await within(right).findByRole('option', { name: '< Nina North (user@northwind.test)' }));
    await waitFor(() => expect(toasts).toHaveLength(3));
    expect(toasts.slice(1)).toEqual([
      { kind: 'success', message: texts.updated },
      { kind: 'success', message: texts.updated },
    ]);
    await waitFor(() => expect(heading.parentElement).toHaveTextContent('1 user'));
    // One member per write: no list of ids rebuilt from the details.
    expect(server.requests.filter((request) => request.method === 'PUT').map((request) => [request.url, request.body])).toEqual([
      ['/api/admin/groups/1', { name: 'Northwind sales team', pbi_group_name: 'NW-Sales' }],
      ['/api/admin/groups/1/users/add/8', undefined],
      ['/api/admin/groups/1/users/remove/7', undefined],
    ]);

    // The search is the server's, on both sides.
    await userEvent.type(screen.getByRole('searchbox', { name: en.common['search-name-email'] }), 'nina');
    await waitFor(() => expect(server.seen).toContain('/api/admin/groups/1/users?page=1&page_size=50&search=nina'));
    expect(server.seen).toContain('/api/admin/users?page=1&page_size=50&search=nina&not_group=1');
  });

  it('should put a refused member change back and toast the failure', async () => {
    server.routes = [
      get('/api/admin/groups/1', salesDetail),
      get('/api/admin/groups/1/users', page([nina])),
      get('/api/admin/users', page([cleo])),
      route(
        'PUT',
        '/api/admin/groups/1/users/add/8',
        { statusCode: 404, error: 'Not Found', message: 'Group not found or user not found' },
        404,
      ),
    ];
    const { toasts } = renderGroups('/admin/groups/details/1', server.apiBase);
    const left = await screen.findByRole('listbox', { name: 'Not associated users' });
    await userEvent.click(await within(left).findByRole('option', { name: 'Cleo Contoso (user@contoso.test) >' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: texts.updateFailed }]));
    expect(await within(left).findByRole('option', { name: 'Cleo Contoso (user@contoso.test) >' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: texts.members }).parentElement).toHaveTextContent('1 user');
  });

  it('should say a group that does not exist is not found', async () => {
    server.routes = [get('/api/admin/groups/404', { statusCode: 404, error: 'Not Found', message: 'Group not found' }, 404)];
    renderGroups('/admin/groups/details/404', server.apiBase);
    expect(await screen.findByText(en.admin.notFound)).toBeVisible();
  });

  it('should refuse the console to a contributor', async () => {
    renderGroups('/admin/groups', server.apiBase, { rights: ['contributor'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.administratorsOnly);
    expect(server.seen).toEqual([]);
  });
});

describe('the Power BI sync', () => {
  it('should refresh the groups: busy while it runs, then the counts, the success toast and the list again', async () => {
    const sync = slow('PUT', '/api/admin/pbi/refresh-groups', groupsResult);
    server.routes = [get('/api/admin/groups', page([sales])), sync.answer];
    const { toasts } = renderGroups('/admin/groups', server.apiBase);
    await screen.findByRole('link', { name: 'Northwind sales' });
    const listCalls = () => server.seen.filter((url) => url.startsWith('/api/admin/groups?')).length;
    const before = listCalls();
    await userEvent.click(screen.getByRole('button', { name: pbi.refreshGroups }));
    const busy = await screen.findByRole('button', { name: new RegExp(pbi.running) });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: pbi.refreshUsers })).toBeDisabled();
    sync.release();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'Power BI sync done for companies !' }]));
    expect(screen.getByText(/^Groups refreshed/).parentElement).toHaveTextContent(
      'Groups refreshed · On the report server: 3 · Created: 1 · Updated: 0 · Unchanged: 2 · Removed: 0 · No longer on the server (kept): 1',
    );
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: pbi.refreshGroups })).toBeEnabled();
  });

  it('should refresh the users from the users list too, with the counts and the toast', async () => {
    server.routes = [
      get('/api/admin/users', page([])),
      get('/api/admin/entities', page([])),
      route('PUT', '/api/admin/pbi/refresh-users', usersResult),
    ];
    const { toasts } = renderGroups('/admin/users', server.apiBase);
    await userEvent.click(await screen.findByRole('button', { name: pbi.refreshUsers }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'Power BI sync done for users !' }]));
    expect(screen.getByText(/^Users refreshed/).parentElement).toHaveTextContent(
      'Users refreshed · Created: 0 · Updated: 2 · Unchanged: 4 · Groups given: 0 · Groups taken away: 2',
    );
    expect(screen.queryByRole('button', { name: pbi.refreshGroups })).not.toBeInTheDocument();
  });

  it('should say when a sync already runs, when the report server fails, and when none is configured', async () => {
    const conflict = { statusCode: 409, error: 'Conflict', message: 'A Power BI sync is already running: try again when it is done' };
    const failing = {
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'Power BI Report Server did not answer as expected (CatalogItems: HTTP 401)',
    };
    const missing = { statusCode: 503, error: 'Service Unavailable', message: 'Power BI Report Server is not configured' };
    server.routes = [
      get('/api/admin/groups', page([sales])),
      route('PUT', '/api/admin/pbi/refresh-groups', conflict, 409),
      route('PUT', '/api/admin/pbi/refresh-users', failing, 502),
    ];
    const { toasts } = renderGroups('/admin/groups', server.apiBase);
    await userEvent.click(await screen.findByRole('button', { name: pbi.refreshGroups }));
    expect(await screen.findByRole('alert')).toHaveTextContent(pbi.alreadyRunning);
    await userEvent.click(screen.getByRole('button', { name: pbi.refreshUsers }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The Power BI report server did not answer as expected: nothing was changed. (CatalogItems: HTTP 401)',
      ),
    );
    server.routes = [route('PUT', '/api/admin/pbi/refresh-users', missing, 503)];
    await userEvent.click(screen.getByRole('button', { name: pbi.refreshUsers }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(pbi.notConfigured));
    expect(toasts.map((toast) => toast.kind)).toEqual(['error', 'error', 'error']);
    expect(toasts.every((toast) => toast.kind !== 'success')).toBe(true);
  });

  it('should speak French on the groups page', async () => {
    server.routes = [get('/api/admin/groups', page([local])), route('PUT', '/api/admin/pbi/refresh-groups', groupsResult)];
    const { toasts } = renderGroups('/admin/groups', server.apiBase, { language: 'fr' });
    expect(await screen.findByRole('table', { name: fr.admin.groups.title })).toBeVisible();
    expect(await screen.findByText(fr.admin.groups.notLinked)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: fr.admin.pbi.refreshGroups }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: fr.admin.pbi.groupsDone }]));
    expect(screen.getByText(/^Groupes actualisés/)).toBeVisible();
    expectNoRawKey();
  });
});
