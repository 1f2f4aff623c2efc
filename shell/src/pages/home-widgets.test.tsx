import { ChakraProvider } from '@chakra-ui/react';
import { makeUser, type HomeWidgetId, type RemoteLifecycles } from '@hub/shared/remote';
import { createHubSystem } from '@hub/shared/ui';
import { render, screen } from '@testing-library/react';
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

function renderWidgets(displayAs: boolean) {
  const loader: RemoteLoader = async (_name, { widget }) => fakeWidget(widget!);
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
});
