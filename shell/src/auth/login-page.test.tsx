import { route, startApiServer } from '@hub/shared/test-support';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import { SnackbarHost } from '../snackbar/snackbar-host';
import { LoginPage } from './login-page';
import { SIGNED_OUT_FLAG } from './sign-out';

const api = startApiServer();
let providers: unknown[] = [];
beforeEach(() => {
  api.routes = [route('GET', '/api/auth/providers', () => ({ providers }))];
  window.history.pushState(null, '', '/login');
  sessionStorage.clear();
  localStorage.clear();
});

function renderLogin(language: 'en' | 'fr' = 'en') {
  const services = createShellServices({ language, origin: api.origin, remoteLoader: () => Promise.reject(new Error('unused')) });
  render(
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <BrowserRouter>
          <LoginPage />
        </BrowserRouter>
        <SnackbarHost bus={services.snackbar} />
      </I18nextProvider>
    </ShellContext.Provider>,
  );
  return services;
}

describe('LoginPage', () => {
  it('should offer each connection from the server under its catalogue label, and a connection help', async () => {
    providers = [
      { name: 'default', label: 'Default connection', kind: 'default' },
      { name: 'northwind', label: 'Northwind', kind: 'company-sso' },
      { name: 'contoso', label: 'Contoso', kind: 'company-sso' },
    ];
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Default connection' })).toBeVisible();
    expect(screen.getByRole('button', { name: "My company's single sign-on (Northwind)" })).toBeVisible();
    expect(screen.getByRole('button', { name: "My company's single sign-on (Contoso)" })).toBeVisible();

    const help = screen.getByRole('link', { name: 'Connection help' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Choose the connection your organisation gave you/)).toBeVisible();
  });

  it('should speak French when French is chosen, and switch language from the page', async () => {
    providers = [{ name: 'default', label: 'Default connection', kind: 'default' }];
    const services = renderLogin('fr');
    expect(await screen.findByRole('button', { name: 'Connexion par défaut' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Default connection' })).toBeVisible();
    expect(services.language.get()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('should show the sign-out toast once after a sign-out', async () => {
    providers = [];
    sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
    renderLogin();
    expect(await screen.findByText('Successfully logged out ! See you next time !')).toBeVisible();
    expect(await screen.findByText('No connection is configured. Please contact an administrator.')).toBeVisible();
    expect(sessionStorage.getItem(SIGNED_OUT_FLAG)).toBeNull();
  });
});
