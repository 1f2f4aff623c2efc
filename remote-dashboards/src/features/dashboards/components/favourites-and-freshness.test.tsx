import type { Dashboard, DashboardList } from '@hub/shared/api';
import { fr } from '@hub/shared/i18n';
import { makeRemoteProps, makeUser, RemoteRoot } from '@hub/shared/remote';
import { startApiServer, type Route, type SeenRequest } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../../app-routes';

const api = startApiServer();
const favourites = new Set<number>();
let items: Dashboard[] = [];
const seen: SeenRequest[] = [];

// The server's rules in small: PUT/DELETE the star, the list with favourites first, one by id.
const server: Route = (_req, request) => {
  const star = /^\/api\/dashboards\/(\d+)\/favourite$/.exec(request.path);
  if (star) {
    seen.push(request);
    if (request.method === 'PUT') favourites.add(Number(star[1]));
    else favourites.delete(Number(star[1]));
    return { status: 204, body: null };
  }
  const byId = /^\/api\/dashboards\/(\d+)$/.exec(request.path);
  const item = byId ? items.find((candidate) => candidate.id === Number(byId[1])) : undefined;
  if (item) return { status: 200, body: { ...item, favourite: favourites.has(item.id) } };
  if (request.path === '/api/dashboards') {
    const list = items
      .map((item) => ({ ...item, favourite: favourites.has(item.id) }))
      .sort((a, b) => Number(b.favourite) - Number(a.favourite));
    return { status: 200, body: { items: list, total: list.length, page: 1, page_size: 20 } satisfies DashboardList };
  }
  return undefined;
};

function dashboard(id: number, title: string, data: Dashboard['data']): Dashboard {
  return {
    id,
    title,
    tag: null,
    description: null,
    url: `https://reports.example.test/reports/powerbi/${id}`,
    status: 16,
    entity: null,
    audience_type: 'multi_users',
    sources: { users: [] },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    source_language: 'en',
    language: 'en',
    translation_state: 'missing',
    data,
    favourite: false,
  };
}

const consultant = { id: 9, first_name: 'Carla', last_name: 'Consultant', email: 'c@x.test', description: null, profile_image: null };

function renderAt(path: string, language: 'en' | 'fr' = 'en', withConsultant = true, openDiscussions = 1) {
  window.history.pushState(null, '', path);
  const user = makeUser({ contacts: withConsultant ? [consultant] : [], open_discussion_counter: openDiscussions });
  return render(
    <RemoteRoot
      props={makeRemoteProps('dashboards', {
        apiBase: api.apiBase,
        language,
        session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
      })}
      namespace="dashboards"
    >
      <AppRoutes />
    </RemoteRoot>,
  );
}

beforeEach(() => {
  favourites.clear();
  seen.length = 0;
  api.routes = [server];
  items = [
    dashboard(1, 'Sales', { as_of: '2026-03-10T06:04:00.000Z', failed_at: null, state: 'fresh' }),
    dashboard(2, 'Finance', { as_of: '2026-03-09T06:04:00.000Z', failed_at: '2026-03-10T06:04:00.000Z', state: 'failed' }),
    dashboard(3, 'Stock', { as_of: '2026-03-06T06:04:00.000Z', failed_at: null, state: 'stale' }),
    dashboard(4, 'New', { as_of: null, failed_at: null, state: 'unknown' }),
  ];
});

const card = (title: string) => screen.getByRole('article', { name: title });
const asOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('favourites and how fresh the data is', () => {
  it('should say "Data as of" in the language and time zone, and warn when the refresh failed or is old', async () => {
    renderAt('/dashboards');
    await screen.findByRole('list', { name: 'Dashboards' });
    expect(within(card('Sales')).getByText(`Data as of ${asOf('2026-03-10T06:04:00.000Z', 'en')}`)).toBeVisible();
    expect(within(card('Sales')).queryByText(/failed|while/)).toBeNull();
    expect(within(card('Finance')).getByText(/The last data refresh failed/)).toHaveTextContent(asOf('2026-03-10T06:04:00.000Z', 'en'));
    expect(within(card('Stock')).getByText('These figures have not been refreshed for a while.')).toBeVisible();
    expect(within(card('New')).getByText('Data refresh date unknown')).toBeVisible();
    expectNoRawKey();
  });

  it('should say it in French too', async () => {
    renderAt('/dashboards', 'fr');
    await screen.findByRole('list', { name: fr.dashboards.title });
    expect(within(card('Sales')).getByText(`Données au ${asOf('2026-03-10T06:04:00.000Z', 'fr')}`)).toBeVisible();
    expect(within(card('Stock')).getByText(fr.common.dataAsOf.stale)).toBeVisible();
    expectNoRawKey();
  });

  it('should star a dashboard with a toggle button, kept by the server, and list it first', async () => {
    renderAt('/dashboards');
    const star = await screen.findByRole('button', { name: 'Add Stock to my favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Stock from my favourites' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /api/dashboards/3/favourite']);
    const firstTitle = () => within(screen.getByRole('list', { name: 'Dashboards' })).getAllByRole('heading', { level: 2 })[0]?.textContent;
    await waitFor(() => expect(firstTitle()).toBe('Stock'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Stock from my favourites' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Stock to my favourites' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(seen.at(-1)?.method).toBe('DELETE');
  });

  it('should open the message form to the consultant with a draft naming the dashboard and linking to it', async () => {
    renderAt('/dashboards/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Ask my consultant' }));
    expect(window.location.pathname).toBe('/contact');
    const query = new URLSearchParams(window.location.search);
    expect(query.get('about')).toBe('dashboard:2');
    expect(query.get('draft')).toBe(`Hello, I have a question about the dashboard "Finance" (${window.location.origin}/dashboards/2):\n\n`);
    expect(seen).toEqual([]);
  });

  it('should open the first-message form on home with the draft for someone with no open discussion', async () => {
    renderAt('/dashboards/2', 'en', true, 0);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask my consultant' }));
    expect(window.location.pathname).toBe('/home');
    expect(new URLSearchParams(window.location.search).get('draft')).toMatch(/the dashboard "Finance"/);
    expect(seen).toEqual([]);
  });

  it('should not offer "Ask my consultant" to someone without a consultant', async () => {
    renderAt('/dashboards/2', 'en', false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ask my consultant' })).toBeNull();
  });
});
