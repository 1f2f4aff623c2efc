import type { Dashboard, DashboardList } from '@hub/shared/api';
import { fr } from '@hub/shared/i18n';
import { makeRemoteProps, RemoteRoot } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { render, screen, within } from '@testing-library/react';
import { AppRoutes } from '../../../app-routes';

const api = startApiServer();
let status = 200;
let answer: DashboardList;
// The list while status is 200; any other status fails every call. One dashboard by id: from
// `answer` or `beyond` (dashboards past the list's first page), else 404.
let beyond: Dashboard[] = [];
const dashboards: Route = (_req, request) => {
  if (status !== 200) return { status, body: { statusCode: 500, error: 'Internal Server Error', message: 'no' } };
  const byId = /^\/api\/dashboards\/(\d+)$/.exec(request.path);
  if (byId) {
    const found = [...answer.items, ...beyond].find((item) => item.id === Number(byId[1]));
    return found
      ? { status: 200, body: found }
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Dashboard not found' } };
  }
  return request.path === '/api/dashboards' ? { status: 200, body: answer } : undefined;
};
beforeEach(() => {
  status = 200;
  beyond = [];
  api.routes = [dashboards];
});

function dashboard(id: number, overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    id,
    title: `Dashboard ${id}`,
    tag: null,
    description: null,
    url: `https://app.powerbi.example/view/${id}`,
    status: 16,
    entity: { id: 1, name: 'Northwind' },
    audience_type: 'multi_users',
    sources: { users: [] },
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    data: { as_of: null, failed_at: null, state: 'unknown' },
    favourite: false,
    ...overrides,
  } as Dashboard;
}

function renderAt(path: string, language: 'en' | 'fr' = 'en', identityToken: () => string | null = () => null) {
  window.history.pushState(null, '', path);
  return render(
    <RemoteRoot props={makeRemoteProps('dashboards', { apiBase: api.apiBase, language, identityToken })} namespace="dashboards">
      <AppRoutes />
    </RemoteRoot>,
  );
}

describe('the dashboards screens', () => {
  it('should list the dashboards with links to each one', async () => {
    answer = {
      items: [dashboard(1, { title: 'Sales', tag: 'Finance' }), dashboard(2, { title: 'Stock' })],
      total: 2,
      page: 1,
      page_size: 20,
    };
    renderAt('/dashboards');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboards…');
    const list = await screen.findByRole('list', { name: 'Dashboards' });
    expect(within(list).getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/dashboards/1');
    expect(within(list).getByRole('link', { name: 'Stock' })).toHaveAttribute('href', '/dashboards/2');
    expect(within(list).getByText('Finance')).toBeVisible();
    expectNoRawKey();
  });

  it('should show the empty state, in French too', async () => {
    answer = { items: [], total: 0, page: 1, page_size: 20 };
    renderAt('/dashboards', 'fr');
    expect(await screen.findByText(fr.dashboards.empty)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: fr.dashboards.title })).toBeVisible();
    expectNoRawKey();
  });

  it('should show an error with a retry when the list cannot be loaded', async () => {
    status = 500;
    renderAt('/dashboards');
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboards could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('should embed the chosen dashboard in a frame titled with its title', async () => {
    answer = { items: [dashboard(1, { title: 'Sales' }), dashboard(2, { title: 'Stock' })], total: 2, page: 1, page_size: 20 };
    renderAt('/dashboards/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
    expect(screen.getByTitle('Stock')).toHaveAttribute('src', 'https://app.powerbi.example/view/2');
    expect(screen.getByRole('link', { name: 'Back to the dashboards' })).toHaveAttribute('href', '/dashboards');
    expectNoRawKey();
  });

  it("should open a dashboard of the reporting host through its entrance, with the shell's identity token", async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'hub-reporting-host', content: 'reports.northwind.test' });
    document.head.append(meta);
    answer = {
      items: [dashboard(3, { title: 'Margins', url: 'https://reports.northwind.test/reports/powerbi/Margins' })],
      total: 1,
      page: 1,
      page_size: 20,
    };
    renderAt('/dashboards/3', 'en', () => 'eyJ.identity.token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Margins' })).toBeVisible();
    const src = new URL(screen.getByTitle('Margins').getAttribute('src')!);
    expect(src.host).toBe('reports.northwind.test');
    expect(src.searchParams.get('id_token')).toBe('eyJ.identity.token');
    expect(src.pathname).toBe('/entrance');
    expect(src.searchParams.get('redirect')).toBe('/reports/powerbi/Margins');
    expect(src.searchParams.get('embed')).toBe('true');
    meta.remove();
  });

  it('should open a dashboard past the first page of the list, read by its id', async () => {
    answer = { items: [dashboard(1, { title: 'Sales' })], total: 41, page: 1, page_size: 20 };
    beyond = [dashboard(41, { title: 'Archive 2019' })];
    renderAt('/dashboards/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archive 2019' })).toBeVisible();
    expect(screen.getByTitle('Archive 2019')).toHaveAttribute('src', 'https://app.powerbi.example/view/41');
  });

  it('should say so when the dashboard is not one of the user', async () => {
    answer = { items: [dashboard(1)], total: 1, page: 1, page_size: 20 };
    renderAt('/dashboards/99', 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: fr.dashboards.view.notFoundTitle })).toBeVisible();
    expect(document.querySelector('iframe')).toBeNull();
    expectNoRawKey();
  });
});
