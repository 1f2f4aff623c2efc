import type { Advice, AdviceList } from '@hub/shared/api';
import { makeRemoteProps, RemoteRoot } from '@hub/shared/remote';
import { render, screen, within } from '@testing-library/react';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdvicesPage } from './advices-page';

let server: Server;
let apiBase: string;
let answer: AdviceList;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    if (req.url?.startsWith('/api/advices')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404,"error":"Not Found","message":"no"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
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
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderPage() {
  return render(
    <RemoteRoot props={makeRemoteProps('content', { apiBase })} namespace="content">
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

    expect(seen.map((request) => request.url)).toEqual(['/api/advices']);
    expect(seen[0]!.headers.authorization).toBe('Bearer test-token');
  });

  it('should show the empty state when the API lists no advice', async () => {
    answer = { items: [], total: 0, page: 1, page_size: 20 };
    renderPage();
    expect(await screen.findByText('No advice for you yet.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('should ask for unpublished advices too while an administrator displays as another user in that mode', async () => {
    answer = { items: [advice(9, { title: 'A draft', status: 0 })], total: 1, page: 1, page_size: 20 };
    const props = makeRemoteProps('content', { apiBase });
    const session = { ...props.session, displayAs: { userId: 5, includesUnpublished: true } };
    render(
      <RemoteRoot props={{ ...props, session }} namespace="content">
        <AdvicesPage />
      </RemoteRoot>,
    );
    expect(await screen.findByRole('link', { name: 'A draft' })).toBeVisible();
    expect(seen[0]!.url).toBe('/api/advices?includes_unpublished=true');
  });
});
