import { en } from '@hub/shared/i18n';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLibrary } from '../../../test-support/render-library';

const server = startApiServer();
const texts = en.admin.categories;
const ADMIN = ['administrator'];
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 20 });

describe('the categories console', () => {
  it('should list the categories with their colour and search them on the server', async () => {
    server.routes = [get('/api/admin/categories', page([{ id: 1, name: 'Performance', color: '#1E88E5' }]))];
    renderLibrary('/admin/categories', server.apiBase, { rights: ADMIN });
    const table = await screen.findByRole('table', { name: texts.title });
    expect(await within(table).findByRole('link', { name: 'Performance' })).toHaveAttribute('href', '/admin/categories/details/1');
    expect(within(table).getByText('#1E88E5')).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: en.admin.kit.list.searchLabel }), 'perf');
    await waitFor(() => expect(server.seen).toContain('/api/admin/categories?page=1&page_size=20&search=perf'));
  });

  it('should create a category with the default colour #999999, then toast it word for word', async () => {
    server.routes = [
      route('POST', '/api/admin/categories', (request: SeenRequest) => ({ id: 9, ...(request.body as object) }), 201),
      get('/api/admin/categories/9', { id: 9, name: 'Security', color: '#999999' }),
    ];
    const { toasts } = renderLibrary('/admin/categories/details', server.apiBase, { rights: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: texts.newTitle })).toBeVisible();
    expect(screen.getByRole('textbox', { name: texts.color })).toHaveValue('#999999');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${texts.name}`) }), 'Security');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));

    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The category was created successfully !' }]));
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Security', color: '#999999' });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/categories/details/9'));
  });

  it('should say at the field what is wrong, before sending and from the server', async () => {
    server.routes = [
      route(
        'POST',
        '/api/admin/categories',
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'name: Invalid length, maximum length is 100',
          errors: [{ field: 'name', message: 'Invalid length, maximum length is 100' }],
        },
        400,
      ),
    ];
    const { toasts } = renderLibrary('/admin/categories/details', server.apiBase, { rights: ADMIN });
    const save = await screen.findByRole('button', { name: en.common.save });
    const colour = screen.getByRole('textbox', { name: texts.color });
    await userEvent.clear(colour);
    await userEvent.type(colour, 'blue');
    await userEvent.click(save);
    expect(screen.getByText('This field is required')).toBeVisible();
    expect(screen.getByText(texts.invalidColor)).toBeVisible();
    expect(server.requests).toHaveLength(0);

    await userEvent.clear(colour);
    await userEvent.type(colour, '#123456');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${texts.name}`) }), 'x');
    await userEvent.click(save);
    expect(await screen.findByText('Invalid length, maximum length is 100')).toBeVisible();
    expect(toasts).toEqual([{ kind: 'error', message: 'Error when creating the category !' }]);
  });

  it('should keep the console for administrators', async () => {
    renderLibrary('/admin/categories', server.apiBase, { rights: ['contributor'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.administratorsOnly);
    expect(server.requests).toHaveLength(0);
  });
});
