import { en, fr } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { get, route, startApiServer } from '@hub/shared/test-support';
import { act, screen, waitFor } from '@testing-library/react';
import { makeServices, renderInShell } from '../test-support/render-shell';
import { CollectmasterCountProvider } from './collectmaster-count';
import { NavigationMenu } from './navigation-menu';

const api = startApiServer();

/** Stands in for the browser's EventSource, which jsdom lacks: the test plays the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  FakeEventSource.last = null;
  (window as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  api.routes = [
    get('/api/v2/counters', { uploaded: 3 }),
    route('POST', '/api/v2/events/ticket', { ticket: 'signed-ticket', expires_in: 60 }),
  ];
});
afterEach(() => {
  delete (window as unknown as { EventSource?: unknown }).EventSource;
});

function renderNav(rights: string[], language: 'en' | 'fr' = 'en') {
  const services = makeServices(api.origin);
  if (language === 'fr') void services.i18n.changeLanguage('fr');
  services.session.setUser(makeUser({ rights }));
  const view = renderInShell(
    <CollectmasterCountProvider>
      <NavigationMenu />
    </CollectmasterCountProvider>,
    services,
  );
  return { ...view, services };
}

describe('CollectmasterCountProvider', () => {
  it('should show the staff the files to review on Collectmaster, with the files token, and follow the live counters without a reload', async () => {
    renderNav(['user', 'contributor']);
    const link = await screen.findByRole('link', { name: 'Collectmaster, 3 files to review' });
    expect(link).toHaveTextContent('3');
    const counters = api.requests.find((request) => request.path === '/api/v2/counters')!;
    expect(counters.headers.authorization).toBe('Bearer files-token');

    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    expect(FakeEventSource.last!.url).toBe(`${api.origin}/api/v2/events?ticket=signed-ticket`);
    act(() => FakeEventSource.last!.emit('counters', { type: 'counters', uploaded: 4 }));
    expect(await screen.findByRole('link', { name: 'Collectmaster, 4 files to review' })).toBeVisible();
    act(() => FakeEventSource.last!.emit('counters', { type: 'counters', uploaded: 1 }));
    expect(await screen.findByRole('link', { name: 'Collectmaster, 1 file to review' })).toBeVisible();
    act(() => FakeEventSource.last!.emit('counters', { type: 'counters', uploaded: 0 }));
    expect(await screen.findByRole('link', { name: en.shell.nav.collectmaster })).toBeVisible();
  });

  it('should name the count in French', async () => {
    renderNav(['user', 'contributor'], 'fr');
    expect(await screen.findByRole('link', { name: 'Collectmaster, 3 fichiers à vérifier' })).toBeVisible();
    expect(fr.shell.nav.collectmasterToReview_other).toContain('{{count}}');
  });

  it('should ask nothing and show no count to a customer', async () => {
    renderNav(['user']);
    expect(await screen.findByRole('link', { name: en.shell.nav.collectmaster })).toBeVisible();
    // Give a wrongly started request the time to land before asserting it never came.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.seen.filter((url) => url.startsWith('/api/v2/'))).toEqual([]);
    expect(FakeEventSource.last).toBeNull();
  });

  it('should close the live stream when the navigation goes away', async () => {
    const { unmount } = renderNav(['user', 'contributor']);
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    unmount();
    expect(FakeEventSource.last!.closed).toBe(true);
  });
});
