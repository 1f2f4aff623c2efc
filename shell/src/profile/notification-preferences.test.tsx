import { ChakraProvider } from '@chakra-ui/react';
import type { NotificationPreferences as Preferences } from '@hub/shared/api';
import { fr } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { createHubSystem } from '@hub/shared/ui';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import NotificationPreferences from './notification-preferences';

const api = startApiServer();
const defaults: Preferences = {
  delivery: {
    content: 'digest',
    discussions: 'email',
    collectmaster: 'email',
    tickets: 'email',
    trainings: 'portal',
    releases: 'email',
    reviews: 'email',
    promises: 'email',
    exports: 'portal',
  },
  digest_hour: 8,
  followed_categories: null,
  language: 'en',
  time_zone: 'Europe/Paris',
};
let stored: Preferences;
const preferencesApi: Route = (_req, { method, url, body }) => {
  if (url === '/api/notifications/preferences' && method === 'GET') return { status: 200, body: stored };
  if (url === '/api/notifications/preferences' && method === 'PUT') {
    stored = { ...stored, ...(body as Partial<Preferences>) };
    return { status: 200, body: stored };
  }
  if (url.startsWith('/api/categories'))
    return { status: 200, body: { items: [{ id: 3, name: 'Tax', color: '#999999' }], total: 1, page: 1, page_size: 100 } };
  return undefined;
};
beforeEach(() => {
  stored = defaults;
  api.routes = [preferencesApi];
});

function renderSection(language: 'en' | 'fr' = 'en', displayAs = false, rights = ['user']) {
  const services = createShellServices({ language, origin: api.origin, remoteLoader: () => Promise.reject(new Error('unused')) });
  const user = makeUser({ rights });
  services.session.setUser(user, displayAs ? { displayAs: { userId: 2, includesUnpublished: false }, user: makeUser({ id: 2 }) } : null);
  const toasts: string[] = [];
  services.snackbar.subscribe((message) => toasts.push(message.message));
  render(
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <ChakraProvider value={createHubSystem({ preflight: false })}>
          <NotificationPreferences />
        </ChakraProvider>
      </I18nextProvider>
    </ShellContext.Provider>,
  );
  return { toasts };
}

describe('NotificationPreferences', () => {
  it('should show the defaults and save a changed choice', async () => {
    const { toasts } = renderSection();
    const discussions = await screen.findByRole('combobox', { name: 'Discussions' });
    expect(discussions).toHaveValue('email');
    expect(screen.getByRole('combobox', { name: 'Advices, news and dashboards' })).toHaveValue('digest');
    expect(screen.getByRole('checkbox', { name: 'All categories' })).toBeChecked();
    await userEvent.selectOptions(discussions, 'off');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Daily digest at' }), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toContain('Your choices are saved.'));
    expect(stored.delivery.discussions).toBe('off');
    expect(stored.digest_hour).toBe(7);
    expectNoRawKey();
  });

  it('should offer the releases’ choice to administrators only', async () => {
    renderSection('en', false, ['administrator']);
    expect(await screen.findByRole('combobox', { name: 'Releases of the portal’s sections (administrators)' })).toHaveValue('email');
    cleanup();
    renderSection();
    expect(await screen.findByRole('combobox', { name: 'Discussions' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Releases of the portal’s sections (administrators)' })).toBeNull();
  });

  it('should offer the reviews’ and promises’ choices to the publisher’s staff, and the exports’ to everyone', async () => {
    renderSection('en', false, ['contributor']);
    expect(await screen.findByRole('combobox', { name: 'Content to review, approved or returned (publisher’s staff)' })).toHaveValue(
      'email',
    );
    expect(screen.getByRole('combobox', { name: 'Reply promises and low ratings (publisher’s staff)' })).toHaveValue('email');
    expect(screen.queryByRole('combobox', { name: 'Releases of the portal’s sections (administrators)' })).toBeNull();
    cleanup();
    renderSection();
    expect(await screen.findByRole('combobox', { name: 'Your data exports' })).toHaveValue('portal');
    expect(screen.queryByRole('combobox', { name: 'Content to review, approved or returned (publisher’s staff)' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Reply promises and low ratings (publisher’s staff)' })).toBeNull();
  });

  it('should speak French, and only show the choices during display-as', async () => {
    renderSection('fr', true);
    expect(await screen.findByRole('heading', { name: fr.mail.preferences.title })).toBeVisible();
    expect(await screen.findByText(fr.mail.preferences.displayAs)).toBeVisible();
    expect(screen.queryByRole('button', { name: fr.mail.preferences.save })).toBeNull();
    expectNoRawKey();
  });

  it('should say when the choices cannot be loaded, with a retry', async () => {
    api.routes = [() => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } })];
    renderSection();
    expect(await screen.findByText('Your choices could not be loaded.')).toBeVisible();
    api.routes = [preferencesApi];
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: 'Discussions' })).toBeVisible();
  });
});
