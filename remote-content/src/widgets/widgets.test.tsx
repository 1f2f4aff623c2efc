import type { Advice, NewsItem, Training } from '@hub/shared/api';
import { makeRemoteProps, runLifecycle, type RemoteLifecycles, type RemoteProps } from '@hub/shared/remote';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { get, startApiServer } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import widgets from './index';

const api = startApiServer();

const dates = {
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  source_language: 'en' as const,
  language: 'en' as const,
  translation_state: 'missing' as const,
};
const news = (id: number, pinned: boolean): NewsItem => ({
  id,
  title: `News ${id}`,
  subtitle: pinned ? `About ${id}` : null,
  description: '<p>news</p>',
  status: 16,
  pinned,
  category: null,
  banner: null,
  thumbnail: null,
  tag: null,
  ...dates,
});
const training = (id: number, overrides: Partial<Training> = {}): Training => ({
  id,
  intitule: `Training ${id}`,
  date_debut: '2030-03-04T09:00:00.000Z',
  date_fin: null,
  duree_heures: 1.5,
  slug: null,
  kind: 'training',
  ...overrides,
});
const advice = (id: number, overrides: Partial<Advice> = {}): Advice => ({
  id,
  title: `Advice ${id}`,
  subtitle: null,
  description: '<p>advice</p>',
  status: 16,
  audience_type: 'multi_users',
  pinned: false,
  category: null,
  banner: null,
  thumbnail: null,
  entity: null,
  sources: { users: [] },
  must_read: false,
  must_read_by: null,
  acknowledged_at: null,
  ...dates,
  ...overrides,
});
const list = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 20 });

/** Mounts a widget through its single-spa lifecycles, as the shell does. */
async function mount(lifecycles: RemoteLifecycles | undefined, overrides: Partial<RemoteProps> = {}) {
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const props = { ...makeRemoteProps('content', { apiBase: api.apiBase, ...overrides }), domElement };
  await lifecycles!.bootstrap(props);
  await runLifecycle(act, () => lifecycles!.mount(props));
  return {
    element: domElement,
    unmount: () => runLifecycle(act, () => lifecycles!.unmount(props)),
  };
}

describe('the must-read widget', () => {
  it('should list the must-reads not yet confirmed, with their date, and nothing else', async () => {
    api.routes = [
      get(
        '/api/advices',
        list([
          advice(1, { must_read: true, must_read_by: '2031-03-10' }),
          advice(2, { must_read: true }),
          advice(3, { must_read: true, acknowledged_at: '2031-03-01T10:00:00.000Z' }),
          advice(4),
        ]),
      ),
    ];
    const widget = await mount(widgets['must-read-advices']);
    const section = await screen.findByRole('region', { name: 'To read and confirm' });
    await within(section).findByRole('link', { name: 'Advice 1' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('a')!.textContent),
    ).toEqual(['Advice 1', 'Advice 2']);
    expect(within(section).getByRole('link', { name: 'Advice 1' })).toHaveAttribute('href', '/advices/details/1');
    expect(within(section).getByText('by Mar 10, 2031')).toBeVisible();
    expect(api.seen).toContain('/api/advices?page_size=20');
    expectNoRawKey();
    await widget.unmount();
  });

  it('should say so when nothing waits, in French too', async () => {
    api.routes = [get('/api/advices', list([advice(3, { must_read: true, acknowledged_at: '2031-03-01T10:00:00.000Z' })]))];
    const widget = await mount(widgets['must-read-advices'], { language: 'fr' });
    expect(await screen.findByText('Rien ne vous attend à lire.')).toBeVisible();
    await widget.unmount();
  });
});

describe('the pinned news widget', () => {
  it('should show at most 3 pinned news items, linked to their details, and nothing else', async () => {
    const navigate = jest.fn();
    api.routes = [
      get('/api/news-items', list([news(1, false), news(2, true), news(3, true), news(4, false), news(5, true), news(6, true)])),
    ];
    const widget = await mount(widgets['pinned-news'], { navigate });
    const section = await screen.findByRole('region', { name: 'Pinned news' });
    await within(section).findByRole('link', { name: 'News 2' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('a')!.textContent),
    ).toEqual(['News 2', 'News 3', 'News 5']);
    expect(within(section).getByRole('link', { name: 'News 2' })).toHaveAttribute('href', '/news-items/details/2');
    expect(within(section).getByText('About 2')).toBeInTheDocument();
    expect(within(section).queryByText('News 1')).toBeNull();
    await userEvent.click(within(section).getByRole('link', { name: 'All the news' }));
    expect(navigate).toHaveBeenCalledWith('/news-items');
    expectNoRawKey();
    await widget.unmount();
    expect(widget.element).toBeEmptyDOMElement();
  });

  it('should say so when no news item is pinned, and when the news cannot be loaded', async () => {
    api.routes = [get('/api/news-items', list([news(1, false)]))];
    const empty = await mount(widgets['pinned-news']);
    expect(await screen.findByText('No pinned news.')).toBeVisible();
    await empty.unmount();

    api.routes = [get('/api/news-items', { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500)];
    const failed = await mount(widgets['pinned-news']);
    expect(await screen.findByText('The news could not be loaded.')).toBeVisible();
    await failed.unmount();
  });

  it('should ask for unpublished news too in the unpublished display-as mode', async () => {
    api.routes = [get('/api/news-items', list([news(9, true)]))];
    const base = makeRemoteProps('content');
    const widget = await mount(widgets['pinned-news'], {
      session: { ...base.session, displayAs: { userId: 2, includesUnpublished: true } },
    });
    await screen.findByRole('link', { name: 'News 9' });
    expect(api.seen).toContain('/api/news-items?includes_unpublished=true');
    await widget.unmount();
  });
});

describe('the upcoming trainings widget', () => {
  it('should list the upcoming events with kind, start and duration, in French too', async () => {
    api.routes = [get('/api/trainings/upcoming', list([training(1), training(2, { kind: 'webinar', duree_heures: 2 })]))];
    const widget = await mount(widgets['upcoming-trainings'], { language: 'fr' });
    const section = await screen.findByRole('region', { name: 'Prochaines formations' });
    await within(section).findByText('Training 1');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Formation');
    expect(items[0]).toHaveTextContent('1h30min');
    expect(items[1]).toHaveTextContent('Webinaire');
    expect(items[1]).toHaveTextContent('2h');
    expect(items[0].querySelector('time')).toHaveAttribute('dateTime', '2030-03-04T09:00:00.000Z');
    expect(within(section).getByRole('link', { name: 'Toutes les formations' })).toHaveAttribute('href', '/trainings');
    expectNoRawKey();
    await widget.unmount();
  });

  it('should show its empty state', async () => {
    api.routes = [get('/api/trainings/upcoming', list([]))];
    const widget = await mount(widgets['upcoming-trainings']);
    expect(await screen.findByText('No upcoming training.')).toBeVisible();
    await widget.unmount();
  });
});
