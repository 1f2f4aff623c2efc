import type { Advice, NewsItem } from '@hub/shared/api';
import { en } from '@hub/shared/i18n';
import { makeRemoteProps, makeUser, RemoteRoot } from '@hub/shared/remote';
import { get, startApiServer } from '@hub/shared/test-support';
import { render, screen, within } from '@testing-library/react';
import { AppRoutes } from './app-routes';

const api = startApiServer();

function renderAt(path: string, rights: string[]) {
  window.history.pushState(null, '', path);
  const user = makeUser({ rights });
  const props = makeRemoteProps('content', {
    apiBase: api.apiBase,
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
  });
  return render(
    <RemoteRoot props={props} namespace="content">
      <AppRoutes />
    </RemoteRoot>,
  );
}

const picture = (id: number, category: 'banner' | 'thumbnail') => ({
  id,
  name: `img${id}`,
  url: `http://127.0.0.1:9/api/images/${id}/file`,
  category,
  description: null,
});
const dates = {
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  source_language: 'en' as const,
  language: 'en' as const,
  translation_state: 'missing' as const,
};
const draftAdvice: Advice = {
  id: 5,
  title: 'Speed up your monthly report',
  subtitle: null,
  description: '<p>Draft text</p>',
  status: 0,
  audience_type: 'user',
  pinned: false,
  category: null,
  banner: picture(3, 'banner'),
  thumbnail: picture(4, 'thumbnail'),
  entity: { id: 1, name: 'Northwind', logo: null },
  sources: { users: [] },
  must_read: false,
  must_read_by: null,
  acknowledged_at: null,
  ...dates,
};
const news: NewsItem = {
  id: 7,
  title: 'Summer release notes',
  subtitle: null,
  description: '<p>Soon</p>',
  status: 0,
  pinned: false,
  category: null,
  banner: picture(3, 'banner'),
  thumbnail: picture(4, 'thumbnail'),
  tag: null,
  ...dates,
};
const sources = () => screen.getAllByRole('presentation').map((img) => img.getAttribute('src'));

describe('the preview of a draft and the pictures customers see', () => {
  it('should show a contributor a draft advice as customers will see it, banner included, through the admin API', async () => {
    api.routes = [get('/api/admin/advices/5', draftAdvice)];
    renderAt('/advices/details/5?preview=true', ['contributor']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Speed up your monthly report' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(en.content.preview.draft);
    expect(sources()).toContain('http://127.0.0.1:9/api/images/3/file');
    expect(api.seen).toEqual(['/api/admin/advices/5']);
  });

  it('should preview a draft news item too', async () => {
    api.routes = [get('/api/admin/news-items/7', news)];
    renderAt('/news-items/details/7?preview=true', ['administrator']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer release notes' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(en.content.preview.draft);
  });

  it('should give a plain user the ordinary page: no preview, the customer API', async () => {
    api.routes = [get('/api/advices/5', { statusCode: 404, error: 'Not Found', message: 'Advice not found' }, 404)];
    renderAt('/advices/details/5?preview=true', ['user']);
    expect(await screen.findByRole('heading', { level: 1, name: en.content.adviceDetails.notFoundTitle })).toBeVisible();
    expect(api.seen.every((url) => !url.startsWith('/api/admin'))).toBe(true);
  });

  it('should show the thumbnail on the advice cards', async () => {
    api.routes = [get('/api/advices', { items: [{ ...draftAdvice, status: 16 }], total: 1, page: 1, page_size: 20 })];
    renderAt('/advices', ['user']);
    const card = await screen.findByRole('article', { name: 'Speed up your monthly report' });
    expect(within(card).getByRole('presentation')).toHaveAttribute('src', 'http://127.0.0.1:9/api/images/4/file');
  });
});
