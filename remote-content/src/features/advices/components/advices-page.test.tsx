import type { Advice, AdviceList } from '@hub/shared/api';
import { makeRemoteProps, RemoteRoot } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { render, screen, within } from '@testing-library/react';
import { AdvicesPage } from './advices-page';

const api = startApiServer();
let answer: AdviceList;
const advices: Route = (_req, request) => (request.url.startsWith('/api/advices') ? { status: 200, body: answer } : undefined);
beforeEach(() => {
  api.routes = [advices];
  window.history.pushState(null, '', '/advices');
});

function advice(id: number, overrides: Partial<Advice> = {}): Advice {
  return {
    id,
    title: `Advice ${id}`,
    subtitle: `Subtitle ${id}`,
    description: '<p>text</p>',
    status: 16,
    audience_type: 'user',
    pinned: false,
    category: null,
    banner: null,
    thumbnail: null,
    entity: null,
    sources: { users: [] },
    must_read: false,
    must_read_by: null,
    acknowledged_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    source_language: 'en',
    language: 'en',
    translation_state: 'missing',
    ...overrides,
  };
}

function renderPage() {
  return render(
    <RemoteRoot props={makeRemoteProps('content', { apiBase: api.apiBase })} namespace="content">
      <AdvicesPage />
    </RemoteRoot>,
  );
}

describe('AdvicesPage', () => {
  it('should show a loading state, then the advices from the API with subtitle and category, pinned first', async () => {
    answer = {
      items: [
        advice(1, { title: 'Close the books faster' }),
        advice(2, { title: 'Pinned: new reporting rules', pinned: true, category: { id: 3, name: 'Finance', color: '#aa3300' } }),
        advice(3, { title: 'Plan your Q3 budget', subtitle: null }),
      ],
      total: 3,
      page: 1,
      page_size: 20,
    };
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the advices…');

    const list = await screen.findByRole('list', { name: 'Advices' });
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Pinned: new reporting rules', 'Close the books faster', 'Plan your Q3 budget']);

    const pinned = within(list).getAllByRole('article')[0]!;
    expect(within(pinned).getByText('Pinned')).toBeVisible();
    expect(within(pinned).getByText('Finance')).toBeVisible();
    expect(within(pinned).getByText('Subtitle 2')).toBeVisible();
    expect(within(pinned).getByRole('link', { name: 'Pinned: new reporting rules' })).toHaveAttribute('href', '/advices/details/2');
    expect(screen.getByRole('heading', { level: 1, name: 'Advices' })).toBeVisible();

    expect(api.seen).toEqual(['/api/advices']);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer test-token');
  });

  it('should put a must-read not yet confirmed first with its date, and mark one confirmed as read', async () => {
    answer = {
      items: [
        advice(1, { title: 'Pinned tip', pinned: true }),
        advice(2, { title: 'Already read', must_read: true, acknowledged_at: '2025-02-01T10:00:00.000Z' }),
        advice(3, { title: 'Security rules', must_read: true, must_read_by: '2031-03-10' }),
      ],
      total: 3,
      page: 1,
      page_size: 20,
    };
    renderPage();
    const list = await screen.findByRole('list', { name: 'Advices' });
    const articles = within(list).getAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Security rules',
      'Pinned tip',
      'Already read',
    ]);
    expect(within(articles[0]!).getByText('Must read by Mar 10, 2031')).toBeVisible();
    expect(within(articles[2]!).getByText('Read')).toBeVisible();
    expect(within(articles[1]!).queryByText(/Must read/)).toBeNull();
  });

  it('should say which advice is not in the reader’s language, and why', async () => {
    answer = {
      items: [
        advice(1, { title: 'Only English here' }),
        advice(2, { title: 'Traduit', language: 'fr', translation_state: 'up_to_date' }),
        advice(3, { title: 'Source changed', translation_state: 'out_of_date' }),
      ],
      total: 3,
      page: 1,
      page_size: 20,
    };
    render(
      <RemoteRoot props={makeRemoteProps('content', { apiBase: api.apiBase, language: 'fr' })} namespace="content">
        <AdvicesPage />
      </RemoteRoot>,
    );
    const [english, french, stale] = within(await screen.findByRole('list')).getAllByRole('article');
    expect(within(english!).getByText('Uniquement en anglais')).toBeVisible();
    expect(within(english!).getByRole('heading', { level: 2 })).toHaveAttribute('lang', 'en');
    expect(within(french!).queryByText(/Uniquement|Traduction/)).toBeNull();
    expect(within(stale!).getByText('Traduction en cours de mise à jour')).toBeVisible();
  });

  it('should show the empty state when the API lists no advice', async () => {
    answer = { items: [], total: 0, page: 1, page_size: 20 };
    renderPage();
    expect(await screen.findByText('No advice for you yet.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('should ask for unpublished advices too while an administrator displays as another user in that mode', async () => {
    answer = { items: [advice(9, { title: 'A draft', status: 0 })], total: 1, page: 1, page_size: 20 };
    const props = makeRemoteProps('content', { apiBase: api.apiBase });
    const session = { ...props.session, displayAs: { userId: 5, includesUnpublished: true } };
    render(
      <RemoteRoot props={{ ...props, session }} namespace="content">
        <AdvicesPage />
      </RemoteRoot>,
    );
    expect(await screen.findByRole('link', { name: 'A draft' })).toBeVisible();
    expect(api.seen[0]).toBe('/api/advices?includes_unpublished=true');
  });
});
