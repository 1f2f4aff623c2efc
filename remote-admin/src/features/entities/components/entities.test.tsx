import { en } from '@hub/shared/i18n';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPeople } from '../../../test-support/render-people';

const server = startApiServer();
const texts = en.admin.entities;
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 20 });
const logo = { id: 4, name: 'contoso.png', url: 'http://127.0.0.1/images/contoso.png', category: 'logo', description: null };
const contoso = { id: 1, name: 'Contoso', logo, slug: 'contoso', provider_name: null, users_count: 1 };
/** The details count the users; the users are paged by GET /api/admin/users/entity/{id}. */
const contosoDetail = { id: 1, name: 'Contoso', logo, slug: 'contoso', provider_name: null, users_count: 1 };
const person = (id: number, first: string, email: string, entity: { id: number; name: string } | null) => ({
  id,
  first_name: first,
  last_name: 'Test',
  email,
  rights: ['user'],
  entity: entity && { ...entity, logo: null },
  contact_enable: false,
  profile_image: null,
});
const providers = { providers: [{ name: 'contoso-entra', label: 'Contoso Entra ID', kind: 'oidc' }] };

describe('the companies console', () => {
  it('should list the companies with logo, name and users, and confirm a deletion with what happens', async () => {
    server.routes = [get('/api/admin/entities', page([contoso])), route('DELETE', '/api/admin/entities/1', '', 204)];
    const { toasts } = renderPeople('/admin/entities', server.apiBase);
    const table = await screen.findByRole('table', { name: texts.title });
    expect(await within(table).findByRole('link', { name: 'Contoso' })).toHaveAttribute('href', '/admin/entities/details/1');
    expect(within(table).getByRole('cell', { name: '1' })).toBeVisible();
    expect(table.querySelector('img')).toHaveAttribute('src', logo.url);

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Contoso' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Contoso still has 1 user: they will be left without a company. Its advices, dashboards and tickets will be deleted with it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.deleteDialog.confirm }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The entity was deleted successfully !' }]));
    expect(server.requests.some((request) => request.method === 'DELETE' && request.url === '/api/admin/entities/1')).toBe(true);
  });

  it('should require a name, then create the company with its provider and toast it word for word', async () => {
    server.routes = [
      get('/api/auth/providers', providers),
      route(
        'POST',
        '/api/admin/entities',
        (request: SeenRequest) => ({ ...contosoDetail, id: 9, users_count: 0, ...(request.body as object) }),
        201,
      ),
      get('/api/admin/entities/9', { ...contosoDetail, id: 9, provider_name: 'contoso-entra', users_count: 0 }),
      get('/api/admin/users/entity/9', page([])),
      get('/api/admin/users', page([])),
    ];
    const { toasts } = renderPeople('/admin/entities/details', server.apiBase);
    expect(await screen.findByRole('heading', { level: 1, name: texts.newTitle })).toBeVisible();
    expect(screen.getByText(texts.saveFirst)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    expect(screen.getByText('This field is required')).toBeVisible();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${texts.name}`) }), 'Fabrikam');
    const provider = screen.getByRole('combobox', { name: texts.provider });
    await waitFor(() => expect(within(provider).getByRole('option', { name: 'Contoso Entra ID' })).toBeInTheDocument());
    await userEvent.selectOptions(provider, 'Contoso Entra ID');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The entity was created successfully !' }]));
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Fabrikam',
      logo_id: null,
      provider_name: 'contoso-entra',
    });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/entities/details/9'));
  });

  it('should move users in and out of the company with the double list, each move sent and toasted', async () => {
    const nina = person(7, 'Nina', 'user@northwind.test', { id: 2, name: 'Northwind Traders' });
    const cleo = person(8, 'Cleo', 'user@contoso.test', { id: 1, name: 'Contoso' });
    server.routes = [
      get('/api/auth/providers', providers),
      get('/api/admin/entities/1', contosoDetail),
      get('/api/admin/images/4', logo),
      get('/api/admin/users/entity/1', page([cleo])),
      get('/api/admin/users', page([nina])),
      route('PUT', '/api/admin/entities/1/user/add/7', { ...contosoDetail, users_count: 2 }),
      route('PUT', '/api/admin/entities/1/user/remove/8', { ...contosoDetail, users_count: 1 }),
    ];
    const { toasts } = renderPeople('/admin/entities/details/1', server.apiBase);
    const left = await screen.findByRole('listbox', { name: 'Not associated users' });
    const right = screen.getByRole('listbox', { name: 'Associated users' });
    // The users' section counts them from the details (users_count), which hold no list of users.
    const section = screen.getByRole('region', { name: texts.users });
    const heading = within(section).getByRole('heading', { level: 2, name: texts.users });
    expect(heading.parentElement).toHaveTextContent('1 user');
    await userEvent.click(await within(left).findByRole('option', { name: 'Nina Test (user@northwind.test) · Northwind Traders >' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: texts.userAdded }]));
    // The count follows the write's answer.
    await waitFor(() => expect(heading.parentElement).toHaveTextContent('2 users'));
    await userEvent.click(await within(right).findByRole('option', { name: '< Cleo Test (user@contoso.test)' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts[1]).toEqual({ kind: 'success', message: texts.userRemoved });
    await waitFor(() => expect(heading.parentElement).toHaveTextContent('1 user'));
    expect(server.seen).toContain('/api/admin/users/entity/1?page=1&page_size=50');
    expect(server.seen).toContain('/api/admin/users?page=1&page_size=50&not_entity=1');
    expect(server.requests.filter((request) => request.method === 'PUT').map((request) => request.url)).toEqual([
      '/api/admin/entities/1/user/add/7',
      '/api/admin/entities/1/user/remove/8',
    ]);
  });
});
