import type { Advice, NewsItem, Training } from '@hub/shared/api';
import { fr } from '@hub/shared/i18n';
import { makeRemoteProps, RemoteRoot } from '@hub/shared/remote';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from './app-routes';
import { get, startApiServer } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';

const api = startApiServer();

function renderAt(path: string, language: 'en' | 'fr' = 'en') {
  window.history.pushState(null, '', path);
  return render(
    <RemoteRoot props={makeRemoteProps('content', { apiBase: api.apiBase, language })} namespace="content">
      <AppRoutes />
    </RemoteRoot>,
  );
}

const dates = {
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  source_language: 'en' as const,
  language: 'en' as const,
  translation_state: 'missing' as const,
};
const image = (id: number, category: 'banner' | 'thumbnail') => ({
  id,
  name: `img${id}`,
  url: `http://127.0.0.1:9/files/${id}.png`,
  category,
  description: null,
});

function advice(id: number, overrides: Partial<Advice> = {}): Advice {
  return {
    id,
    title: `Advice ${id}`,
    subtitle: `Subtitle ${id}`,
    description: '<p>text</p>',
    status: 16,
    audience_type: 'multi_users',
    pinned: false,
    category: null,
    banner: null,
    thumbnail: null,
    entity: { id: 1, name: 'Northwind', logo: null },
    sources: { users: [] },
    must_read: false,
    must_read_by: null,
    acknowledged_at: null,
    ...dates,
    ...overrides,
  };
}
function news(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    title: `News ${id}`,
    subtitle: null,
    description: '<p>news</p>',
    status: 16,
    pinned: false,
    category: null,
    banner: null,
    thumbnail: null,
    tag: null,
    ...dates,
    ...overrides,
  };
}
function training(id: number, date: string, overrides: Partial<Training> = {}): Training {
  return {
    id,
    intitule: `Training ${id}`,
    date_debut: date,
    date_fin: null,
    duree_heures: null,
    slug: null,
    kind: 'training',
    ...overrides,
  };
}
const list = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 20 });

describe('advice details', () => {
  it('should show banner, title, subtitle, category and the description with a second sanitising pass', async () => {
    api.routes = [
      get(
        '/api/advices/7',
        advice(7, {
          title: 'Close the books faster',
          subtitle: 'In five steps',
          banner: image(3, 'banner'),
          category: { id: 2, name: 'Finance', color: '#aa3300' },
          description: '<p>Read <a href="https://docs.test/x">the guide</a><img src="x" onerror="alert(1)"></p><script>alert(2)</script>',
        }),
      ),
    ];
    renderAt('/advices/details/7');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the advice…');
    const article = await screen.findByRole('article', { name: 'Close the books faster' });
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent('Close the books faster');
    expect(within(article).getByText('In five steps')).toBeVisible();
    expect(within(article).getByText('Finance')).toBeVisible();
    expect(within(article).getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://docs.test/x');
    expect(article.querySelector('script, [onerror]')).toBeNull();
    expect(article.querySelector('img')).toHaveAttribute('src', 'http://127.0.0.1:9/files/3.png');
    expect(within(article).getByText('From Northwind')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the advices' })).toHaveAttribute('href', '/advices');
    expectNoRawKey();
  });

  it('should ask to confirm a must-read, send "I have read it", then show when it was confirmed', async () => {
    let acknowledged: string | null = null;
    api.routes = [
      (_req, request) =>
        request.method === 'PUT' && request.url === '/api/advices/7/acknowledge'
          ? ((acknowledged = '2031-03-02T09:00:00.000Z'), { status: 200, body: { advice_id: 7, acknowledged_at: acknowledged } })
          : undefined,
      (_req, request) =>
        request.url === '/api/advices/7'
          ? { status: 200, body: advice(7, { must_read: true, must_read_by: '2031-03-10', acknowledged_at: acknowledged }) }
          : undefined,
    ];
    renderAt('/advices/details/7');
    expect(await screen.findByText('Your team asks you to read this advice and confirm it by Mar 10, 2031.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'I have read it' }));
    expect(await screen.findByText('You confirmed reading it on Mar 2, 2031.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I have read it' })).toBeNull();
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.url)).toEqual([
      '/api/advices/7/acknowledge',
    ]);
  });

  it('should show a friendly not-found state on a 404, in French too', async () => {
    renderAt('/advices/details/404', 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: fr.content.adviceDetails.notFoundTitle })).toBeVisible();
    expect(screen.getByText(fr.content.adviceDetails.notFound)).toBeVisible();
    expectNoRawKey();
  });

  it('should go back to the list for an id that is not a number', async () => {
    api.routes = [get('/api/advices', list([advice(1)]))];
    renderAt('/advices/details/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Advices' })).toBeVisible();
    expect(window.location.pathname).toBe('/advices');
    expect(api.seen.some((url) => url.startsWith('/api/advices/'))).toBe(false);
  });
});

describe('news', () => {
  it('should show the pinned-news section on top, then the latest news', async () => {
    api.routes = [
      get(
        '/api/news-items',
        list([news(1, { title: 'Release 4.2' }), news(2, { title: 'Office closed', pinned: true }), news(3, { title: 'New webinar' })]),
      ),
    ];
    renderAt('/news-items');
    const pinned = await screen.findByRole('list', { name: 'Pinned news' });
    const latest = screen.getByRole('list', { name: 'Latest news' });
    expect(
      within(pinned)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Office closed']);
    expect(
      within(latest)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Release 4.2', 'New webinar']);
    expect(pinned.compareDocumentPosition(latest) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(pinned).getByRole('link', { name: 'Office closed' })).toHaveAttribute('href', '/news-items/details/2');
    expectNoRawKey();
  });

  it('should show the empty state and a failure with a retry', async () => {
    api.routes = [get('/api/news-items', list([]))];
    const { unmount } = renderAt('/news-items', 'fr');
    expect(await screen.findByText(fr.content.news.empty)).toBeVisible();
    expectNoRawKey();
    unmount();
    api.routes = [get('/api/news-items', { statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500)];
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/news-items');
    expect(await screen.findByRole('alert')).toHaveTextContent('The news could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('should show a news item, or not-found', async () => {
    api.routes = [get('/api/news-items/5', news(5, { title: 'Office closed', tag: 'Info', description: '<p>From <b>Monday</b></p>' }))];
    renderAt('/news-items/details/5');
    const article = await screen.findByRole('article', { name: 'Office closed' });
    expect(within(article).getByText('Monday').tagName).toBe('B');
    expect(within(article).getByText('Info')).toBeVisible();
    expectNoRawKey();
  });

  it('should show not-found for a news item the server does not know', async () => {
    renderAt('/news-items/details/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'News item not found' })).toBeVisible();
  });
});

describe('trainings', () => {
  it('should show at most 3 upcoming events, sessions by month with durations, then webinars and events', async () => {
    api.routes = [
      get(
        '/api/trainings/upcoming',
        list([
          training(1, '2026-03-02T09:00:00.000Z', { intitule: 'Power BI basics', duree_heures: 1.5 }),
          training(2, '2026-03-10T09:00:00.000Z', { intitule: 'DAX', duree_heures: 2 }),
          training(3, '2026-04-01T09:00:00.000Z', { intitule: 'News webinar', kind: 'webinar', duree_heures: 0.75 }),
          training(4, '2026-05-01T09:00:00.000Z', { intitule: 'Fourth' }),
        ]),
      ),
      get(
        '/api/trainings',
        list([
          training(1, '2026-03-02T09:00:00.000Z', { intitule: 'Power BI basics', duree_heures: 1.5 }),
          training(2, '2026-03-10T09:00:00.000Z', { intitule: 'DAX', duree_heures: 2 }),
          training(5, '2026-04-20T09:00:00.000Z', { intitule: 'Paginated reports' }),
          training(3, '2026-04-01T09:00:00.000Z', { intitule: 'News webinar', kind: 'webinar', duree_heures: 0.75 }),
          training(6, '2026-06-01T09:00:00.000Z', { intitule: 'User day', kind: 'event' }),
        ]),
      ),
    ];
    renderAt('/trainings');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming events' });
    expect(within(upcoming).getAllByRole('article')).toHaveLength(3);
    expect(within(upcoming).getByText(/Duration: 1h30min/)).toBeVisible();
    expect(within(upcoming).getByText(/Duration: 2h$/)).toBeVisible();
    expect(within(upcoming).getByText(/Duration: 45min/)).toBeVisible();

    const march = await screen.findByRole('list', { name: 'March 2026' });
    expect(
      within(march)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Power BI basics', 'DAX']);
    expect(
      within(screen.getByRole('list', { name: 'April 2026' }))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Paginated reports']);
    const webinars = screen.getByRole('list', { name: 'Webinars and events' });
    expect(
      within(webinars)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['News webinar', 'User day']);
    expect(within(webinars).getByText('Webinar')).toBeVisible();
    expect(within(webinars).getByText('Event')).toBeVisible();
    expectNoRawKey();
  });

  it('should show the empty states in French', async () => {
    api.routes = [get('/api/trainings/upcoming', list([])), get('/api/trainings', list([]))];
    renderAt('/trainings', 'fr');
    expect(await screen.findByText(fr.content.trainings.upcomingEmpty)).toBeVisible();
    await waitFor(() => expect(screen.getByText(fr.content.trainings.sessionsEmpty)).toBeVisible());
    expect(screen.getByText(fr.content.trainings.webinarsEmpty)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: fr.content.trainings.title })).toBeVisible();
    expectNoRawKey();
  });
});
