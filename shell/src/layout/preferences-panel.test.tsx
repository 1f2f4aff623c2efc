import { en } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { cookieName } from '../preferences/preferences';
import { makeServices, polyfillDialog, renderInShell } from '../test-support/render-shell';
import { DashboardLayout } from './dashboard-layout';

beforeAll(polyfillDialog);
afterEach(() => {
  for (const key of ['theme', 'navLayout', 'navbarType', 'navCollapsed'] as const)
    document.cookie = `${cookieName(key)}=; Max-Age=0; Path=/`;
});

describe('the interface preferences panel', () => {
  it('should open from the user menu, switch to dark and horizontal navigation, and keep both in cookies', async () => {
    const services = makeServices();
    services.session.setUser(makeUser({ rights: ['contributor'] }));
    services.preferences.set('navbarType', 'hidden');
    renderInShell(
      <Routes>
        <Route element={<DashboardLayout />}>
          <Route path="*" element={null} />
        </Route>
      </Routes>,
      services,
    );
    expect(screen.queryByRole('navigation', { name: en.shell.nav.horizontal })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: en.shell.userMenu.preferences }));
    const panel = await screen.findByRole('dialog', { name: en.account.preferences.title }, { timeout: 5000 });

    await userEvent.click(
      within(within(panel).getByRole('group', { name: en.account.preferences.theme })).getByRole('radio', { name: en.shell.layout.dark }),
    );
    await userEvent.click(within(panel).getByRole('radio', { name: en.account.preferences.layouts.horizontal }));

    expect(document.documentElement).toHaveClass('dark');
    expect(document.cookie).toContain('client-hub-theme=dark');
    expect(document.cookie).toContain('client-hub-nav-layout=horizontal');
    expect(within(panel).getByRole('radio', { name: en.account.preferences.navbarTypes.sticky })).toBeChecked();
    const horizontal = screen.getByRole('navigation', { name: en.shell.nav.horizontal, hidden: true });
    // The admin area is a menu of its consoles in the horizontal navigation.
    expect(within(horizontal).getByRole('button', { name: en.shell.nav.admin, hidden: true })).toHaveAttribute('aria-haspopup', 'menu');

    await userEvent.click(within(panel).getByRole('button', { name: en.account.preferences.close }));
    expect(screen.queryByRole('dialog', { name: en.account.preferences.title })).not.toBeInTheDocument();
  }, 30_000);
});
