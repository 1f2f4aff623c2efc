import { en } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { get, route, startApiServer } from '@hub/shared/test-support';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavigationMenu } from '../layout/navigation-menu';
import { UserMenu } from '../layout/user-menu';
import { makeServices, polyfillDialog, renderInShell } from '../test-support/render-shell';
import { DisplayAsBand } from './display-as-band';

const server = startApiServer();
const admin = makeUser({ id: 1, first_name: 'Ada', last_name: 'Admin', rights: ['administrator'] });
const nina = makeUser({ id: 5, first_name: 'Nina', last_name: 'North', email: 'user@northwind.test', rights: ['user'] });
const listItem = (user: typeof nina) => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  rights: user.rights,
  entity: { id: 2, name: 'Northwind Traders', logo: null },
  contact_enable: false,
  profile_image: null,
});

beforeAll(polyfillDialog);
beforeEach(() => sessionStorage.clear());

function renderShellParts(user = admin) {
  const services = makeServices(server.origin);
  services.session.setUser(user);
  renderInShell(
    <>
      <DisplayAsBand />
      <UserMenu />
      <NavigationMenu />
    </>,
    services,
  );
  return services;
}

describe('display-as from the user menu', () => {
  it('should let an administrator search a user on the server, start in the unpublished mode, and Stop at once', async () => {
    server.routes = [
      get('/api/admin/users/get/displayas/', (request: { url: string }) => ({
        items: request.url.includes('search=nina') ? [listItem(nina)] : [],
        total: request.url.includes('search=nina') ? 1 : 0,
        page: 1,
        page_size: 8,
      })),
      route('POST', '/api/auth/check-display-as', { status: 'success', display_as_user: { id: 5 } }),
      get('/api/auth/user', (request: { headers: Record<string, unknown> }) =>
        request.headers['display-as-user-id'] === '5' ? nina : admin,
      ),
    ];
    const services = renderShellParts();
    expect(screen.getByRole('group', { name: en.shell.nav.admin })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: en.shell.userMenu.displayAs }));
    const dialog = await screen.findByRole('dialog', { name: en.shell.displayAs.title }, { timeout: 5000 });
    const search = within(dialog).getByRole('searchbox', { name: en.account.displayAs.search });
    expect(search).toHaveFocus();
    await userEvent.type(search, 'nina');
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Nina North/ }, { timeout: 5000 }));
    expect(server.seen).toContain('/api/admin/users/get/displayas/?search=nina&page=1&page_size=8');
    await userEvent.click(within(dialog).getByRole('radio', { name: en.account.displayAs.unpublished }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Display as Nina North' }));

    const band = await screen.findByRole('region', { name: en.shell.displayAs.title }, { timeout: 5000 });
    expect(band).toHaveTextContent('You are displaying the portal as Nina North (with unpublished content).');
    expect(services.session.getState().displayAs).toEqual({ userId: 5, includesUnpublished: true });
    // Rights are those of both: no console while displaying a plain user, nor collectmaster.
    expect(screen.queryByRole('group', { name: en.shell.nav.admin })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.shell.nav.collectmaster })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(within(band).getByRole('button', { name: en.shell.displayAs.stop }));
    expect(screen.queryByRole('region', { name: en.shell.displayAs.title })).not.toBeInTheDocument();
    expect(services.session.getState()).toMatchObject({ displayAs: null, displayedUser: admin });
    expect(screen.getByRole('group', { name: en.shell.nav.admin })).toBeInTheDocument();
  }, 30_000);

  it('should not offer display-as to anyone but an administrator', async () => {
    renderShellParts(makeUser({ rights: ['publisher'] }));
    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    expect(screen.getByRole('menuitem', { name: en.shell.userMenu.preferences })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: en.shell.userMenu.displayAs })).not.toBeInTheDocument();
  });
});
