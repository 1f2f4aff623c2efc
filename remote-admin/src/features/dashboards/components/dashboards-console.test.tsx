import type { Dashboard } from '@hub/shared/api';
import { makeRemoteProps, makeUser, RemoteRoot, type Notification } from '@hub/shared/remote';
import { route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { within } from '@testing-library/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../../app-routes';

const api = startApiServer();

function dashboard(id: number, overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    id,
    title: `Dashboard ${id}`,
    tag: null,
    description: null,
    url: 'https://reports.test/1',
    status: 0,
    entity: { id: 7, name: 'Northwind Traders', logo: null },
    audience_type: 'multi_users',
    sources: { users: [] },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    source_language: 'en',
    language: 'en',
    translation_state: 'missing',
    data: { as_of: null, failed_at: null, state: 'unknown' },
    favourite: false,
    ...overrides,
  };
}

describe('the dashboards console', () => {
  it('should refuse an http address at its field, then create the dashboard for every user of the selected entity', async () => {
    api.routes = [route('POST', '/api/admin/dashboards', (request: SeenRequest) => dashboard(12, request.body as Partial<Dashboard>), 201)];
    window.history.pushState(null, '', '/entity/admin/dashboard/details');
    const toasts: Notification[] = [];
    const user = makeUser({ rights: ['administrator'] });
    render(
      <RemoteRoot
        props={makeRemoteProps('admin', {
          apiBase: api.apiBase,
          notify: (notification) => toasts.push(notification),
          session: { user, displayedUser: user, displayAs: null, selectedEntityId: 7 },
        })}
        namespace="admin"
      >
        <AppRoutes />
      </RemoteRoot>,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Sales');
    const address = screen.getByRole('textbox', { name: /Report address/ });
    await userEvent.type(address, 'http://reports.test/sales');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address).toHaveAccessibleErrorMessage('Please enter a valid URL (https://)'));
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.clear(address);
    await userEvent.type(address, 'https://reports.test/sales');
    expect(screen.getByRole('combobox', { name: 'Audience' })).toHaveValue('multi_users');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'The dashboard was created successfully !' }));
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({
      title: 'Sales',
      description: '',
      tag: null,
      url: 'https://reports.test/sales',
      audience_type: 'multi_users',
      entity_id: 7,
    });
    await waitFor(() => expect(window.location.pathname).toBe('/entity/admin/dashboard/details/12'));
  });

  it('should show how fresh each report is in the list, with its warning', async () => {
    const items = [
      dashboard(1, { title: 'Sales', data: { as_of: '2026-03-10T06:04:00.000Z', failed_at: null, state: 'fresh' } }),
      dashboard(2, { title: 'Stock', data: { as_of: '2026-03-06T06:04:00.000Z', failed_at: null, state: 'stale' } }),
    ];
    api.routes = [
      route('GET', '/api/admin/dashboards', { items, total: 2, page: 1, page_size: 20 }),
      route('GET', '/api/admin/schedules', { items: [] }),
    ];
    window.history.pushState(null, '', '/entity/admin/dashboard');
    const user = makeUser({ rights: ['administrator'] });
    render(
      <RemoteRoot
        props={makeRemoteProps('admin', {
          apiBase: api.apiBase,
          session: { user, displayedUser: user, displayAs: null, selectedEntityId: 7 },
        })}
        namespace="admin"
      >
        <AppRoutes />
      </RemoteRoot>,
    );
    const sales = (await screen.findByRole('link', { name: 'Sales' })).closest('tr')!;
    const asOf = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-03-10T06:04:00.000Z'));
    expect(within(sales).getByText(`Data as of ${asOf}`)).toBeVisible();
    const stock = screen.getByRole('link', { name: 'Stock' }).closest('tr')!;
    expect(within(stock).getByText('These figures have not been refreshed for a while.')).toBeVisible();
  });
});
