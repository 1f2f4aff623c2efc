import type { Advice, AdviceList } from '@hub/shared/api';
import { makeRemoteProps, makeUser, RemoteRoot, type Notification } from '@hub/shared/remote';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../../app-routes';

const api = startApiServer();
const NORTHWIND = { id: 7, name: 'Northwind Traders', logo: null };

function advice(id: number, overrides: Partial<Advice> = {}): Advice {
  return {
    id,
    title: `Advice ${id}`,
    subtitle: null,
    description: '<p>Text</p>',
    status: 0,
    audience_type: 'user',
    pinned: false,
    category: null,
    banner: null,
    thumbnail: null,
    entity: NORTHWIND,
    sources: { users: [] },
    must_read: false,
    must_read_by: null,
    acknowledged_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    source_language: 'en',
    language: 'en',
    translation_state: 'missing',
    ...overrides,
  };
}
const page = (items: Advice[]): AdviceList => ({ items, total: items.length, page: 1, page_size: 20 });

function renderConsole(
  path: string,
  options: { rights?: string[]; entity?: typeof NORTHWIND | null; selectEntity?: (id: number | null) => void } = {},
) {
  window.history.pushState(null, '', path);
  const toasts: Notification[] = [];
  const user = makeUser({ rights: options.rights ?? ['contributor'], entity: options.entity === undefined ? NORTHWIND : options.entity });
  const props = makeRemoteProps('admin', {
    apiBase: api.apiBase,
    notify: (notification) => toasts.push(notification),
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
    ...(options.selectEntity ? { selectEntity: options.selectEntity } : {}),
  });
  render(
    <RemoteRoot props={props} namespace="admin">
      <AppRoutes />
    </RemoteRoot>,
  );
  return toasts;
}

const requests = (method: string, path: string) => api.requests.filter((request) => request.method === method && request.path === path);

describe('the advices console', () => {
  it('should list the advices with their status, ask the server for the page, and delete a row after the confirmation', async () => {
    let items = [advice(1, { title: 'Close the books faster', status: 16 }), advice(2, { title: 'Plan your Q3 budget' })];
    api.routes = [
      route('DELETE', '/api/admin/advices/2', () => {
        items = items.filter((item) => item.id !== 2);
        return null;
      }),
      get('/api/admin/advices', () => page(items)),
    ];
    const toasts = renderConsole('/entity/admin/advices?sort=title&order=asc');
    const table = await screen.findByRole('table', { name: 'Advices' });
    const row = (await within(table).findByRole('link', { name: 'Close the books faster' })).closest('tr')!;
    expect(within(row).getByText('Published')).toBeVisible();
    expect(screen.getByText('2 items')).toBeVisible();
    expect(api.seen[0]).toBe('/api/admin/advices?page=1&page_size=20&sort=title&order=asc');
    expect(api.requests[0]!.headers['main-admin-page']).toBe('true');

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Plan your Q3 budget' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Plan your Q3 budget' })).toBeNull());
    expect(requests('DELETE', '/api/admin/advices/2')).toHaveLength(1);
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'The advice was deleted successfully !' }));
  });

  it('should offer to create the first advice on an empty list', async () => {
    api.routes = [get('/api/admin/advices', page([]))];
    renderConsole('/entity/admin/advices');
    await userEvent.click(await screen.findByRole('button', { name: 'Create the first one' }));
    expect(window.location.pathname).toBe('/entity/admin/advices/details');
    expect(await screen.findByRole('heading', { level: 1, name: 'New advice' })).toBeVisible();
  });

  it('should check the form before sending: the required title at its field, a 10,000-character description refused by a toast', async () => {
    const toasts = renderConsole('/entity/admin/advices/details');
    await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAccessibleErrorMessage('This field is required');

    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Too long');
    const editor = screen.getByRole('textbox', { name: 'Description' });
    editor.innerHTML = `<p>${'x'.repeat(9993)}</p>`;
    await waitFor(() => expect(screen.getByText('10000/9999 characters')).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toasts).toEqual([{ kind: 'error', message: 'Description is too long ! (10000/9999)' }]);
    expect(requests('POST', '/api/admin/advices')).toHaveLength(0);
  });

  it('should create a draft with the default audience, say so, and open its page', async () => {
    api.routes = [
      route('POST', '/api/admin/advices', (request: SeenRequest) => advice(41, { title: (request.body as { title: string }).title }), 201),
    ];
    const toasts = renderConsole('/entity/admin/advices/details');
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Tune your refresh');
    expect(screen.getByRole('combobox', { name: 'Audience' })).toHaveValue('user');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/entity/admin/advices/details/41'));
    expect(requests('POST', '/api/admin/advices')[0]!.body).toMatchObject({
      title: 'Tune your refresh',
      audience_type: 'user',
      pinned: false,
    });
    expect(toasts).toContainEqual({ kind: 'success', message: 'The advice was created successfully !' });
    // The page remounts on its new id: ask again until the heading is the mounted one.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Advice: Tune your refresh' })).toBeVisible());
  });

  it('should put a 400 naming a field at that field, with the update failure toast', async () => {
    api.routes = [
      get('/api/admin/advices/5', advice(5, { title: 'Old title' })),
      route(
        'PUT',
        '/api/admin/advices/5',
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'subtitle: Invalid length, maximum length is 255',
          errors: [{ field: 'subtitle', message: 'Invalid length, maximum length is 255' }],
        },
        400,
      ),
      get('/api/admin/advices/5/users', { items: [], total: 0, page: 1, page_size: 50 }),
    ];
    const toasts = renderConsole('/entity/admin/advices/details/5');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Subtitle' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Subtitle' })).toHaveAccessibleErrorMessage('Invalid length, maximum length is 255'),
    );
    expect(toasts).toEqual([{ kind: 'error', message: 'Error when updating the advice !' }]);
  });

  it('should show a published advice read-only and change it to draft', async () => {
    api.routes = [
      get('/api/admin/advices/6', advice(6, { title: 'Live advice', status: 16 })),
      route('PUT', '/api/admin/advices/6/unpublish', advice(6, { title: 'Live advice', status: 0 })),
      get('/api/admin/advices/6/users', { items: [], total: 0, page: 1, page_size: 50 }),
    ];
    const toasts = renderConsole('/entity/admin/advices/details/6');
    expect(await screen.findByText('This item is published: change it to draft to edit it.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Title/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change to Draft' }));
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Title/ })).toBeEnabled();
    expect(toasts).toEqual([{ kind: 'success', message: 'status updated' }]);
  });

  it('should give an advice for one user exactly one recipient (set-unique), and clear them when the audience becomes every user', async () => {
    const users = [
      { id: 31, first_name: 'Ada', last_name: 'Byron', email: 'ada@northwind.test' },
      { id: 32, first_name: 'Bob', last_name: 'Stone', email: 'bob@northwind.test' },
    ];
    let recipients = new Set([31]);
    let current = advice(8, { title: 'For one', audience_type: 'user' });
    api.routes = [
      get('/api/admin/advices/8', () => current),
      route('GET', '/api/admin/advices/8/users', (request: SeenRequest) => {
        const selected = new URL(request.url, 'http://x').searchParams.get('selected') === 'true';
        const items = users.filter((user) => recipients.has(user.id) === selected).map((user) => ({ ...user, selected }));
        return { items, total: items.length, page: 1, page_size: 50 };
      }),
      route('PUT', '/api/admin/advices/8/users/set-unique/32', () => {
        recipients = new Set([32]);
        return current;
      }),
      route('PUT', '/api/admin/advices/8/users/clear', () => {
        recipients = new Set();
        return current;
      }),
      route('PUT', '/api/admin/advices/8', (request: SeenRequest) => {
        current = { ...current, ...(request.body as Partial<Advice>) };
        return current;
      }),
    ];
    renderConsole('/entity/admin/advices/details/8');
    const left = await screen.findByRole('listbox', { name: /^Not associated/ });
    await userEvent.click(await within(left).findByRole('option', { name: 'Bob Stone (bob@northwind.test) >' }));
    const right = screen.getByRole('listbox', { name: /^Associated/ });
    await waitFor(() => expect(requests('PUT', '/api/admin/advices/8/users/set-unique/32')).toHaveLength(1));
    expect(
      within(right)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['< Bob Stone (bob@northwind.test)']);
    expect(within(left).getByRole('option', { name: 'Ada Byron (ada@northwind.test) >' })).toBeVisible();
    expect(api.requests.filter((request) => request.path.includes('/users/add/'))).toHaveLength(0);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'multi_users');
    expect(requests('PUT', '/api/admin/advices/8/users/clear')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests('PUT', '/api/admin/advices/8/users/clear')).toHaveLength(1));
    expect(requests('PUT', '/api/admin/advices/8')[0]!.body).toMatchObject({ audience_type: 'multi_users' });
    expect(recipients.size).toBe(0);
  });

  it('should publish the selected drafts one call each and say how many succeeded and failed', async () => {
    const items = [advice(1, { title: 'Draft one' }), advice(2, { title: 'Draft two' }), advice(3, { title: 'Live', status: 16 })];
    api.routes = [
      route('PUT', '/api/admin/advices/1/publish', () => advice(1, { status: 16 })),
      route('PUT', '/api/admin/advices/2/publish', { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
      get('/api/admin/advices', () => page(items)),
    ];
    const toasts = renderConsole('/entity/admin/advices');
    const table = await screen.findByRole('table', { name: 'Advices' });
    await within(table).findByRole('link', { name: 'Draft one' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select every item of this page' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions on the selected items' });
    expect(within(toolbar).getByText('3 selected')).toBeVisible();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: '1 succeeded, 1 failed.' }));
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      '/api/admin/advices/1/publish',
      '/api/admin/advices/2/publish',
    ]);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('should delete the selected advices after one confirmation, published ones included (the server allows it)', async () => {
    let items = [advice(1, { title: 'Draft one' }), advice(3, { title: 'Live', status: 16 }), advice(4, { title: 'Kept' })];
    const deleting = (id: number) =>
      route('DELETE', `/api/admin/advices/${id}`, () => {
        items = items.filter((item) => item.id !== id);
        return null;
      });
    api.routes = [deleting(1), deleting(3), get('/api/admin/advices', () => page(items))];
    const toasts = renderConsole('/entity/admin/advices');
    const table = await screen.findByRole('table', { name: 'Advices' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'Select Draft one' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Live' }));
    await userEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('2 items will be deleted.')).toBeVisible();
    expect(requests('DELETE', '/api/admin/advices/1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: '2 succeeded, 0 failed.' }));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Live' })).toBeNull());
    expect(within(table).getByRole('link', { name: 'Kept' })).toBeVisible();
  });

  it('should export the list as filtered, every page asked with the same filters', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    });
    const all = Array.from({ length: 150 }, (_, index) =>
      advice(index + 1, { title: index === 0 ? '@risky, "title"' : `Advice ${index + 1}` }),
    );
    api.routes = [
      get('/api/admin/advices', (request: SeenRequest) => {
        const query = new URL(request.url, 'http://x').searchParams;
        const size = Number(query.get('page_size'));
        const from = (Number(query.get('page')) - 1) * size;
        return { items: all.slice(from, from + size), total: all.length, page: Number(query.get('page')), page_size: size };
      }),
    ];
    renderConsole('/entity/admin/advices?status=0');
    // Drawn from the first frame, enabled once the list has come.
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await userEvent.click(exportButton);
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(api.seen.filter((url) => url.startsWith('/api/admin/advices')).slice(1)).toEqual([
      '/api/admin/advices?page=1&page_size=100&status=0',
      '/api/admin/advices?page=2&page_size=100&status=0',
    ]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('id,Title,Status,Category,Pinned,Last change');
    expect(lines[1]).toBe(`1,"'@risky, ""title""",Draft,,No,2026-01-02T10:00:00.000Z`);
    expect(lines).toHaveLength(152);
  });

  it('should ask an administrator without an entity to pick one first', async () => {
    api.routes = [
      get('/api/entities', {
        items: [{ ...NORTHWIND, slug: 'northwind', provider_name: null, users_count: 3 }],
        total: 1,
        page: 1,
        page_size: 100,
      }),
    ];
    const picked: (number | null)[] = [];
    renderConsole('/entity/admin/advices', { rights: ['administrator'], entity: null, selectEntity: (id) => picked.push(id) });
    await userEvent.click(await screen.findByRole('button', { name: 'Work on Northwind Traders' }));
    expect(picked).toEqual([7]);
    expect(api.seen.some((url) => url.startsWith('/api/admin/advices'))).toBe(false);
  });
});
