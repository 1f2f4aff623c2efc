import { ChakraProvider } from '@chakra-ui/react';
import { fr } from '@hub/shared/i18n';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { createHubSystem } from '@hub/shared/ui';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { App } from '../app';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import { UserDocumentationPage } from './user-documentation-page';

const services = (language: 'en' | 'fr' = 'en') =>
  createShellServices({ language, origin: 'http://127.0.0.1:9', remoteLoader: () => Promise.reject(new Error('unused')) });

beforeEach(() => {
  localStorage.clear();
  document.head.querySelector('meta[name="hub-projects-url"]')?.remove();
});

describe('connection help', () => {
  it('should be open to a signed-out visitor, with the way back to sign-in', async () => {
    window.history.pushState(null, '', '/help/connection');
    render(<App services={services()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection help' })).toBeVisible();
    expect(screen.getByText(/External user: the account you were invited with/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
    expect(window.location.pathname).toBe('/help/connection');
    expectNoRawKey();
  });

  it('should be in French too', async () => {
    window.history.pushState(null, '', '/help/connection');
    render(<App services={services('fr')} />);
    expect(await screen.findByRole('heading', { level: 1, name: fr.account.help.connection.title })).toBeVisible();
    expectNoRawKey();
  });

  it('should send a signed-out visitor from the user documentation to sign-in', async () => {
    window.history.pushState(null, '', '/help');
    render(<App services={services()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your hub' })).toBeVisible();
    expect(window.location.pathname).toBe('/login');
  });
});

describe('UserDocumentationPage', () => {
  function renderDocumentation(language: 'en' | 'fr' = 'en') {
    const shell = services(language);
    render(
      <ShellContext.Provider value={shell}>
        <I18nextProvider i18n={shell.i18n} defaultNS="shell">
          <ChakraProvider value={createHubSystem({ preflight: false })}>
            <BrowserRouter>
              <UserDocumentationPage />
            </BrowserRouter>
          </ChakraProvider>
        </I18nextProvider>
      </ShellContext.Provider>,
    );
  }

  it('should link to connection help and hide the projects site when the portal does not know it', async () => {
    renderDocumentation();
    // The page's catalogue ('account') is fetched when it is first opened.
    expect(await screen.findByRole('heading', { level: 1, name: 'User documentation' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Connection help' })).toHaveAttribute('href', '/help/connection');
    expect(screen.queryByRole('link', { name: 'Our projects site' })).toBeNull();
    expectNoRawKey();
  });

  it('should link to the projects site the page is configured with, in French too', async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'hub-projects-url', content: 'https://projects.example.test/' });
    document.head.append(meta);
    renderDocumentation('fr');
    expect(await screen.findByRole('link', { name: fr.account.help.projects })).toHaveAttribute('href', 'https://projects.example.test/');
    expectNoRawKey();
  });
});
