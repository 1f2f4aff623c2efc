import { en, fr } from '@hub/shared/i18n';
import { get, startApiServer } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderHelpdesk } from '../../../test-support/render-helpdesk';

const server = startApiServer();
const texts = en.admin.entityUsers;
const northwind = { id: 2, name: 'Northwind Traders' };
const page = (items: unknown[], total = items.length) => ({ items, total, page: 1, page_size: 20 });
const nina = {
  id: 7,
  first_name: 'Nina',
  last_name: 'North',
  email: 'user@northwind.test',
  rights: ['user', 'contributor'],
  entity: { ...northwind, logo: null },
  contact_enable: false,
  profile_image: { id: 3, name: 'Nina', url: 'http://localhost/images/3', category: 'profile', description: 'Nina smiling' },
};
const contributor = { rights: ['contributor'], entity: northwind };

describe("the entity admin area's users", () => {
  it("should list the entity's users from the server, searched and paged", async () => {
    server.routes = [get('/api/admin/users/entity/2', page([nina], 25))];
    renderHelpdesk('/entity/admin/users', server.apiBase, contributor);
    const table = await screen.findByRole('table', { name: texts.titleOf.replace('{{entity}}', 'Northwind Traders') });
    expect(await within(table).findByRole('link', { name: 'Nina North' })).toHaveAttribute('href', '/entity/admin/users/details/7');
    expect(within(table).getByText(en.admin.users.roles.contributor)).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: en.common['search-name-email'] }), 'nina');
    await waitFor(() => expect(server.seen).toContain('/api/admin/users/entity/2?page=1&page_size=20&search=nina'));
    await userEvent.click(screen.getByRole('button', { name: en.admin.kit.list.next }));
    await waitFor(() => expect(server.seen).toContain('/api/admin/users/entity/2?page=2&page_size=20&search=nina'));
    // Nothing is asked of the administrators' routes.
    expect(server.seen.every((url) => url.startsWith('/api/admin/users/entity/2'))).toBe(true);
  });

  it('should show a user of the entity read-only, and not find another company’s user', async () => {
    server.routes = [
      get('/api/admin/users/entity/2/user/7', nina),
      get('/api/admin/users/entity/2/user/9', { statusCode: 404, error: 'Not Found', message: 'User not found' }, 404),
    ];
    const view = renderHelpdesk('/entity/admin/users/details/7', server.apiBase, contributor);
    expect(await screen.findByRole('heading', { level: 1, name: texts.detailsTitle.replace('{{name}}', 'Nina North') })).toBeVisible();
    expect(screen.getByText('user@northwind.test')).toBeVisible();
    expect(screen.getByText(en.admin.users.roleHelp.contributor)).toBeVisible();
    expect(screen.getByRole('img', { name: 'Nina smiling' })).toHaveAttribute('src', 'http://localhost/images/3');
    expect(screen.getByText(texts.readOnly)).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.common.save })).not.toBeInTheDocument();
    view.unmount();

    renderHelpdesk('/entity/admin/users/details/9', server.apiBase, contributor);
    expect(await screen.findByText(en.admin.notFound)).toBeVisible();
    expect(screen.queryByRole('button', { name: en.common.retry })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.title })).toHaveAttribute('href', '/entity/admin/users');
  });

  it('should offer a retry when the list fails, and speak French', async () => {
    server.routes = [get('/api/admin/users/entity/2', { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500)];
    const view = renderHelpdesk('/entity/admin/users', server.apiBase, contributor);
    expect(await screen.findByRole('button', { name: en.common.retry })).toBeVisible();
    view.unmount();
    server.routes = [get('/api/admin/users/entity/2', page([]))];
    renderHelpdesk('/entity/admin/users', server.apiBase, { ...contributor, language: 'fr' });
    expect(await screen.findByText(fr.admin.entityUsers.empty)).toBeVisible();
    expectNoRawKey();
  });

  it('should work on the selected entity of an administrator, and ask one without it', async () => {
    server.routes = [get('/api/admin/users/entity/1', page([])), get('/api/entities', page([{ id: 1, name: 'Contoso', logo: null }]))];
    const view = renderHelpdesk('/entity/admin/users', server.apiBase, { rights: ['administrator'], selectedEntityId: 1 });
    expect(await screen.findByText(texts.empty)).toBeVisible();
    expect(server.seen).toContain('/api/admin/users/entity/1?page=1&page_size=20');
    view.unmount();
    renderHelpdesk('/entity/admin/users', server.apiBase, { rights: ['administrator'] });
    expect(await screen.findByRole('heading', { level: 1, name: en.admin.entityPicker.title })).toBeVisible();
  });
});
