import { ChakraProvider } from '@chakra-ui/react';
import { createI18n } from '@hub/shared/i18n';
import {
  createRemoteLifecycles,
  createWidgetLifecycles,
  makeRemoteProps,
  type RemoteLifecycles,
  type RemoteProps,
} from '@hub/shared/remote';
import { startApiServer } from '@hub/shared/test-support';
import { createHubSystem } from '@hub/shared/ui';
// The pure entry: this file cleans up itself, inside act(), see leave() below.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react/pure';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createApiClient, type ClientEvent, type RemoteEntry, type RemoteName } from '@hub/shared/api';
import { clientEventsSender, createClientEvents } from './client-events';
import type { RemoteLoader } from './federated-loader';
import { RemoteArea } from './remote-area';

// A real remote made with the shared lifecycles: it shows the news title in the language it gets.
function NewsTitle() {
  const { t } = useTranslation('content');
  return <h1>{t('news.title')}</h1>;
}
const newsRemote = createRemoteLifecycles({ namespace: 'content', App: NewsTitle });

// A second remote that records when its React tree goes away.
const unmountedTrees: string[] = [];
function AdminTitle() {
  useEffect(() => () => void unmountedTrees.push('admin'), []);
  return <h1>Administration</h1>;
}
const adminRemote = createRemoteLifecycles({ namespace: 'admin', App: AdminTitle });

// A loader that fetches from a local server, as the federation runtime fetches a manifest: it fails
// while the server refuses, and works once the server answers again.
const server = startApiServer();
let reachable = false;
const requests = () => server.seen.length;
// Leaving unmounts the remote's own React root a moment later: let that happen inside act().
const leave = (unmount: () => void) =>
  act(async () => {
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
afterEach(() => leave(cleanup));
beforeEach(() => {
  // Any file, with an empty body: refused (503) until the test makes the server reachable.
  server.routes = [() => ({ status: reachable ? 200 : 503, text: '' })];
  reachable = false;
  window.history.pushState(null, '', '/news-items');
});

const networkLoader: RemoteLoader = async (name) => {
  const response = await fetch(`${server.origin}/remotes/${name}/mf-manifest.json`);
  if (!response.ok) throw new Error(`manifest answered ${response.status}`);
  return newsRemote;
};

const system = createHubSystem({ preflight: false });
function renderArea(loader: RemoteLoader, props: RemoteProps = makeRemoteProps('content'), events?: ReturnType<typeof createClientEvents>) {
  const i18n = createI18n(['shell', 'common'], 'en');
  const view = render(
    <ChakraProvider value={system}>
      <RemoteArea name={props.name} props={props} loader={loader} events={events} />
    </ChakraProvider>,
    { wrapper: ({ children }) => <I18nWrapper i18n={i18n}>{children}</I18nWrapper> },
  );
  const rerenderWith = (next: RemoteProps) =>
    view.rerender(
      <ChakraProvider value={system}>
        <RemoteArea name={next.name} props={next} loader={loader} />
      </ChakraProvider>,
    );
  return { ...view, rerenderWith };
}
function I18nWrapper({ i18n, children }: { i18n: ReturnType<typeof createI18n>; children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

describe('RemoteArea', () => {
  it('should show a spinner, then mount the remote in its own element', async () => {
    reachable = true;
    renderArea(networkLoader);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'News' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'News' }).closest('[data-remote="content"]')).not.toBeNull();
  });

  it('should show the section as unavailable when loading fails, and load again for real on Retry', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea(networkLoader);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This section is unavailable');
    expect(requests()).toBe(1);

    // Still refused: Retry asks the network again and fails again.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests()).toBe(2));
    expect(await screen.findByRole('alert')).toBeVisible();

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'News' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests()).toBe(3);
    error.mockRestore();
  });

  it('should show the section as unavailable when the remote throws while mounting', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: RemoteLifecycles = {
      ...newsRemote,
      mount: () => Promise.reject(new Error('the remote broke')),
    };
    renderArea(async () => broken);
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable');
    error.mockRestore();
  });

  it('should hand new props to the mounted remote, and unmount it on leave', async () => {
    reachable = true;
    const props = makeRemoteProps('content');
    const view = renderArea(networkLoader, props);
    expect(await screen.findByRole('heading', { name: 'News' })).toBeVisible();

    await act(async () => view.rerenderWith({ ...props, language: 'fr' }));
    expect(await screen.findByRole('heading', { name: 'Actualités' })).toBeVisible();

    await leave(view.unmount);
    await waitFor(() => expect(document.querySelector('[data-remote]')).toBeNull());
  });

  it('should unmount the remote it mounted when the same area is handed another remote', async () => {
    const byName: RemoteLoader = async (name) => (name === 'admin' ? adminRemote : newsRemote);
    window.history.pushState(null, '', '/admin');
    const view = renderArea(byName, makeRemoteProps('admin'));
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeVisible();

    window.history.pushState(null, '', '/news-items');
    await act(async () => view.rerenderWith(makeRemoteProps('content')));
    expect(await screen.findByRole('heading', { name: 'News' })).toBeVisible();
    await waitFor(() => expect(unmountedTrees).toEqual(['admin']));
    expect(screen.queryByRole('heading', { name: 'Administration' })).toBeNull();
  });
});

describe("RemoteArea's figures", () => {
  // The real collector and sender; the page holds content at 1.4.0.
  function collector() {
    const releases = new Map<RemoteName, RemoteEntry>([
      ['content', { name: 'content', entry: `${server.origin}/remotes/content/mf-manifest.json`, version: '1.4.0' }],
    ]);
    const api = createApiClient({ baseUrl: server.apiBase, getToken: () => 'hub-token' });
    const events = createClientEvents({ releases: () => releases, send: clientEventsSender(api) });
    events.start();
    return events;
  }
  const sentEvents = async () => {
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(server.requests.some((request) => request.path === '/api/client-events')).toBe(true));
    return (server.requests.find((request) => request.path === '/api/client-events')!.body as { events: ClientEvent[] }).events;
  };

  it("should count a mount for the remote's release", async () => {
    reachable = true;
    const events = collector();
    renderArea(networkLoader, makeRemoteProps('content'), events);
    expect(await screen.findByRole('heading', { name: 'News' })).toBeVisible();
    expect(await sentEvents()).toEqual([{ remote: 'content', version: '1.4.0', kind: 'mount', count: 1 }]);
    events.stop();
  });

  it('should count a remote that fails to load or to mount as a load failure', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const events = collector();
    const broken: RemoteLifecycles = { ...newsRemote, mount: () => Promise.reject(new TypeError('the remote broke')) };
    renderArea(async () => broken, makeRemoteProps('content'), events);
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable');
    const [event] = await sentEvents();
    expect(event).toMatchObject({ remote: 'content', version: '1.4.0', kind: 'load-failure', count: 1, error_name: 'TypeError' });
    expect(JSON.stringify(event)).not.toContain('broke');
    events.stop();
    error.mockRestore();
  });
});

describe('RemoteArea for home widgets', () => {
  const pinned = createWidgetLifecycles(() => <h2>Pinned news</h2>);
  const upcoming = createWidgetLifecycles(() => {
    throw new Error('the widget broke while rendering');
  });
  const widgetLoader: RemoteLoader = async (_name, { widget }) => {
    if (widget === 'pinned-news') return pinned;
    const response = await fetch(`${server.origin}/remotes/content/mf-manifest.json`);
    if (!response.ok) throw new Error(`manifest answered ${response.status}`);
    return upcoming;
  };

  function renderWidgets() {
    const props = makeRemoteProps('content');
    const i18n = createI18n(['shell', 'common'], 'en');
    return render(
      <ChakraProvider value={system}>
        <section aria-label="first">
          <RemoteArea name="content" widget="pinned-news" props={props} loader={widgetLoader} />
        </section>
        <section aria-label="second">
          <RemoteArea name="content" widget="upcoming-trainings" props={props} loader={widgetLoader} />
        </section>
      </ChakraProvider>,
      { wrapper: ({ children }) => <I18nWrapper i18n={i18n}>{children}</I18nWrapper> },
    );
  }

  it('should mount each widget in its own cell, a failing one leaving the other in place', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWidgets();
    expect(await screen.findByRole('heading', { name: 'Pinned news' })).toBeVisible();
    const second = screen.getByRole('region', { name: 'second' });
    expect(await within(second).findByRole('alert')).toHaveTextContent('This section is unavailable');
    expect(screen.getByRole('heading', { name: 'Pinned news' }).closest('[data-widget="pinned-news"]')).not.toBeNull();
    expect(within(screen.getByRole('region', { name: 'first' })).queryByRole('alert')).toBeNull();
    error.mockRestore();
  });

  it('should catch a widget that throws while rendering inside its own root, with a retry', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reachable = true;
    renderWidgets();
    const second = screen.getByRole('region', { name: 'second' });
    const alert = await within(second).findByRole('alert');
    expect(alert).toHaveTextContent('This section is unavailable');
    expect(alert.closest('[data-widget="upcoming-trainings"]')).not.toBeNull();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(await screen.findByRole('heading', { name: 'Pinned news' })).toBeVisible();
    error.mockRestore();
  });
});
