import { ChakraProvider } from '@chakra-ui/react';
import { en } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { createHubSystem } from '@hub/shared/ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import { DashboardLayout } from './dashboard-layout';

// jsdom has no modal dialogs: the browser's showModal() and close(), as far as the drawer relies on them.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLayout() {
  const services = createShellServices({
    language: 'en',
    origin: 'http://127.0.0.1:9',
    remoteLoader: () => Promise.reject(new Error('unused')),
  });
  services.session.setUser(makeUser({ first_name: 'Ada', last_name: 'Lovelace', profile_image: null }));
  render(
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <ChakraProvider value={createHubSystem({ preflight: false })}>
          <MemoryRouter initialEntries={['/home']}>
            <Routes>
              <Route element={<DashboardLayout />}>
                <Route path="*" element={<Where />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </ChakraProvider>
      </I18nextProvider>
    </ShellContext.Provider>,
  );
  return services;
}

const drawer = () => screen.getByRole('dialog', { hidden: true });

describe('DashboardLayout', () => {
  it('should open the navigation drawer, named by its title, and close it with its close button', async () => {
    renderLayout();
    const menuButton = screen.getByRole('button', { name: en.shell.nav.openMenu });
    expect(drawer()).not.toHaveAttribute('open');
    await userEvent.click(menuButton);
    expect(drawer()).toHaveAttribute('open');
    expect(drawer()).toHaveAccessibleName(en.common.appTitle);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(drawer()).getByRole('button', { name: en.shell.nav.closeMenu }));
    expect(drawer()).not.toHaveAttribute('open');
    expect(menuButton).toHaveFocus();
  });

  it('should close the drawer on a press on its backdrop, not inside it', async () => {
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: en.shell.nav.openMenu }));
    await userEvent.click(within(drawer()).getByRole('heading', { name: en.common.appTitle }));
    expect(drawer()).toHaveAttribute('open');
    // A press on ::backdrop is a press on the <dialog> itself.
    await userEvent.click(drawer());
    expect(drawer()).not.toHaveAttribute('open');
  });

  it('should close the drawer when a link is chosen, and follow it', async () => {
    renderLayout();
    const menuButton = screen.getByRole('button', { name: en.shell.nav.openMenu });
    await userEvent.click(menuButton);
    await userEvent.click(within(drawer()).getByRole('link', { name: en.shell.nav.advices }));
    expect(screen.getByTestId('where')).toHaveTextContent('/advices');
    expect(drawer()).not.toHaveAttribute('open');
    expect(menuButton).toHaveFocus();
  });

  it('should switch the language from the language menu', async () => {
    const services = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    expect(screen.getByRole('menuitemradio', { name: 'English', checked: true })).toHaveAttribute('lang', 'en');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Français' }));
    expect(services.language.get()).toBe('fr');
    expect(await screen.findByRole('button', { name: /Langue/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('should name the user menu "User menu: " and the name, show the initials, set the theme and open the profile', async () => {
    const services = renderLayout();
    const trigger = screen.getByRole('button', { name: 'User menu: Ada Lovelace' });
    expect(trigger).toHaveTextContent('AL');
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: en.shell.userMenu.profile })).toHaveFocus();
    const theme = screen.getByRole('group', { name: en.shell.layout.theme });
    expect(within(theme).getByRole('menuitemradio', { name: en.shell.layout[services.preferences.get().theme] })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(theme).getByRole('menuitemradio', { name: en.shell.layout.dark }));
    expect(services.preferences.get().theme).toBe('dark');
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/profile');
  });

  it('should show the profile image instead of the initials when there is one', () => {
    const services = renderLayout();
    const image = { id: 1, name: 'me.png', url: 'http://127.0.0.1:9/me.png', category: 'profile', description: null } as const;
    act(() => services.session.setUser(makeUser({ profile_image: image })));
    const trigger = screen.getByRole('button', { name: 'User menu: Ada Lovelace' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', 'http://127.0.0.1:9/me.png');
    expect(trigger).not.toHaveTextContent('AL');
  });
});
