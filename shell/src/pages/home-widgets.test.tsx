import { ChakraProvider } from '@chakra-ui/react';
import { makeUser, type HomeWidgetId, type RemoteLifecycles } from '@hub/shared/remote';
import { createHubSystem } from '@hub/shared/ui';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { RemoteLoader } from '../remotes/federated-loader';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import { HomeWidgets } from './home-widgets';

/** A widget that shows its id in a heading: enough to see which widgets the page mounts. */
function fakeWidget(id: HomeWidgetId): RemoteLifecycles {
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const heading = document.createElement('h2');
      heading.textContent = `widget ${id}`;
      props.domElement.append(heading);
    },
    unmount: async (props) => {
      props.domElement.replaceChildren();
    },
  };
}

/** The browser's IntersectionObserver (jsdom has none): the test says which elements come into view. */
class ViewportStandIn {
  static observed = new Map<Element, ViewportStandIn>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    ViewportStandIn.observed.set(element, this);
  }
  disconnect() {
    for (const [element, observer] of ViewportStandIn.observed) if (observer === this) ViewportStandIn.observed.delete(element);
  }
  static scrollTo(widget: string) {
    const element = document.querySelector(`[data-widget-slot="${widget}"]`)!;
    const observer = ViewportStandIn.observed.get(element)!;
    observer.callback([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry], observer as never);
  }
}

function renderWidgets(displayAs: boolean, requested: string[] = []) {
  const loader: RemoteLoader = async (_name, { widget }) => {
    requested.push(widget!);
    return fakeWidget(widget!);
  };
  const services = createShellServices({ language: 'en', origin: 'http://127.0.0.1:9', remoteLoader: loader });
  services.session.setTokens({ hub: 'hub-token', files: 'files-token' });
  const admin = makeUser({ id: 1, rights: ['user', 'contributor', 'publisher', 'administrator'] });
  const nina = makeUser({ id: 7, rights: ['user'] });
  services.session.setUser(admin, displayAs ? { displayAs: { userId: 7, includesUnpublished: false }, user: nina } : undefined);
  render(
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <ChakraProvider value={createHubSystem({ preflight: false })}>
          <MemoryRouter initialEntries={['/home']}>
            <HomeWidgets />
          </MemoryRouter>
        </ChakraProvider>
      </I18nextProvider>
    </ShellContext.Provider>,
  );
}

describe('HomeWidgets', () => {
  it('should mount every widget, the latest files of collectmaster included', async () => {
    renderWidgets(false);
    expect(await screen.findByRole('heading', { name: 'widget latest-files' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'widget pinned-news' })).toBeVisible();
  });

  it('should leave out collectmaster’s widget in display-as, where collectmaster is unavailable', async () => {
    renderWidgets(true);
    expect(await screen.findByRole('heading', { name: 'widget pinned-news' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'widget upcoming-trainings' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'widget latest-files' })).toBeNull();
  });

  it('should load a widget only once its cell comes into view, keeping its height meanwhile', async () => {
    Object.assign(window, { IntersectionObserver: ViewportStandIn });
    try {
      const requested: string[] = [];
      renderWidgets(false, requested);
      // Nothing in view yet: no widget's files are asked for, and each cell keeps a widget's height.
      await act(async () => undefined);
      expect(requested).toEqual([]);
      expect(document.querySelectorAll('[data-widget-slot]')).toHaveLength(5);
      expect(document.querySelector('[data-widget-slot]')).toHaveAttribute('data-widget-slot', 'pinned-news');
      act(() => ViewportStandIn.scrollTo('pinned-news'));
      expect(await screen.findByRole('heading', { name: 'widget pinned-news' })).toBeVisible();
      expect(requested).toEqual(['pinned-news']);
      act(() => ViewportStandIn.scrollTo('favourite-dashboards'));
      expect(await screen.findByRole('heading', { name: 'widget favourite-dashboards' })).toBeVisible();
      expect(requested).toEqual(['pinned-news', 'favourite-dashboards']);
      expect(ViewportStandIn.observed.size).toBe(3);
    } finally {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    }
  });
});
