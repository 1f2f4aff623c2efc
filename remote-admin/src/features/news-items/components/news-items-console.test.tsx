import type { NewsItem, NewsItemList } from '@hub/shared/api';
import { makeRemoteProps, makeUser, RemoteRoot, type Notification } from '@hub/shared/remote';
import { get, route, startApiServer } from '@hub/shared/test-support';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../../app-routes';

const api = startApiServer();

function newsItem(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    title: `News ${id}`,
    subtitle: null,
    description: '<p>Text</p>',
    status: 0,
    pinned: false,
    category: null,
    banner: null,
    thumbnail: null,
    tag: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    source_language: 'en',
    language: 'en',
    translation_state: 'missing',
    ...overrides,
  };
}
const page = (items: NewsItem[]): NewsItemList => ({ items, total: items.length, page: 1, page_size: 20 });

function renderConsole(path: string) {
  window.history.pushState(null, '', path);
  const toasts: Notification[] = [];
  const user = makeUser({ rights: ['publisher'] });
  render(
    <RemoteRoot
      props={makeRemoteProps('admin', {
        apiBase: api.apiBase,
        notify: (notification) => toasts.push(notification),
        session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
      })}
      namespace="admin"
    >
      <AppRoutes />
    </RemoteRoot>,
  );
  return toasts;
}

describe('the news items console', () => {
  it('should filter by pinned on the server and show a scheduled draft', async () => {
    api.routes = [
      get('/api/admin/schedules', { items: [{ kind: 'news-items', id: 3, title: 'Soon', publish_at: '2030-05-01T09:00:00.000Z' }] }),
      get('/api/admin/news-items', (request: { url: string }) =>
        request.url.includes('pinned=true')
          ? page([newsItem(2, { title: 'Pinned news', pinned: true })])
          : page([newsItem(3, { title: 'Soon' })]),
      ),
    ];
    renderConsole('/admin/news-items');
    const table = await screen.findByRole('table', { name: 'News items' });
    const soon = (await within(table).findByRole('link', { name: 'Soon' })).closest('tr')!;
    expect(await within(soon).findByText(/Scheduled for/)).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Pinned' }), 'true');
    expect(await within(table).findByRole('link', { name: 'Pinned news' })).toBeVisible();
    expect(window.location.search).toBe('?pinned=true');
    expect(api.seen).toContain('/api/admin/news-items?page=1&page_size=20&pinned=true');
    expect(api.requests.find((request) => request.path === '/api/admin/news-items')!.headers['main-admin-page']).toBe('true');
  });

  it('should publish a draft, and say so when the server answers 409 to a save', async () => {
    api.routes = [
      get('/api/admin/news-items/8', newsItem(8, { title: 'Quarterly news' })),
      route('PUT', '/api/admin/news-items/8/publish', newsItem(8, { title: 'Quarterly news', status: 16 })),
      route('PUT', '/api/admin/news-items/8', { statusCode: 409, error: 'Conflict', message: 'Only drafts can be edited' }, 409),
      get('/api/admin/schedules', { items: [] }),
    ];
    const toasts = renderConsole('/admin/news-items/details/8');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Subtitle' }), 'New');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'This item is published: change it to draft to edit it.' }]));

    await userEvent.clear(screen.getByRole('textbox', { name: 'Subtitle' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('This item is published: change it to draft to edit it.')).toBeVisible();
    expect(toasts.at(-1)).toEqual({ kind: 'success', message: 'status updated' });
  });
});
