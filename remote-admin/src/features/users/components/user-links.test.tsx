import { en, fr } from '@hub/shared/i18n';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPeople } from '../../../test-support/render-people';

const server = startApiServer();
const texts = en.admin.userLinks;
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 100 });
const image = (id: number, name: string) => ({
  id,
  name,
  url: `http://127.0.0.1/images/${id}.png`,
  category: 'profile',
  description: null,
  size_bytes: 100,
  mime: 'image/png',
  created_at: '2026-11-23T10:00:00.000Z',
});
const person = (id: number, first_name: string, last_name: string, contact_enable = false) => ({
  id,
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@demo.test`,
  rights: ['user'],
  entity: null,
  contact_enable,
  profile_image: null,
});
const nina = {
  ...person(7, 'Nina', 'North'),
  welcome_message: null,
  contacts: [{ id: 2, first_name: 'Colin', last_name: 'Consultant', email: 'colin@demo.test', description: null, profile_image: null }],
  clients: [],
  open_discussion_counter: 1,
  close_discussion_counter: 0,
  pending_message_counter: 0,
  pbi_groups: ['NW-Sales'],
  description: null,
};
const consultants = page([person(2, 'Colin', 'Consultant', true), person(3, 'Cora', 'Consultant', true)]);
const groups = page([
  { id: 1, name: 'Northwind sales', pbi_group_name: 'NW-Sales', users_count: 2 },
  { id: 2, name: 'Contoso finance', pbi_group_name: 'CT-Finance', users_count: 1 },
  { id: 3, name: 'Drafts', pbi_group_name: null, users_count: 0 },
]);

describe('the user details page: consultants, clients, profile image and Power BI groups', () => {
  it('should choose the consultants, the groups and the profile image, and send only what changed', async () => {
    server.routes = [
      get('/api/admin/users/7', nina),
      get('/api/admin/entities', page([])),
      get('/api/admin/users/get/contacts/', consultants),
      get('/api/admin/groups', groups),
      get('/api/admin/images/category/profile', page([image(11, 'Nina smiling')])),
      get('/api/admin/images/11', image(11, 'Nina smiling')),
      route('PUT', '/api/admin/users/7', (request: SeenRequest) => ({ ...nina, ...(request.body as object) })),
    ];
    const { toasts } = renderPeople('/admin/users/details/7', server.apiBase);
    const consultantsGroup = await screen.findByRole('group', { name: texts.contacts });
    expect(await within(consultantsGroup).findByRole('checkbox', { name: 'Colin Consultant' })).toBeChecked();
    expect(within(consultantsGroup).getByRole('checkbox', { name: 'Cora Consultant' })).not.toBeChecked();
    const groupsGroup = screen.getByRole('group', { name: texts.pbiGroups });
    expect(await within(groupsGroup).findByRole('checkbox', { name: 'Northwind sales (NW-Sales)' })).toBeChecked();
    expect(within(groupsGroup).getByRole('checkbox', { name: 'Drafts (no report server group)' })).toBeDisabled();
    // Not a consultant: no clients section.
    expect(screen.queryByText(texts.clients)).not.toBeInTheDocument();

    await userEvent.click(within(consultantsGroup).getByRole('checkbox', { name: 'Colin Consultant' }));
    await userEvent.click(within(consultantsGroup).getByRole('checkbox', { name: 'Cora Consultant' }));
    await userEvent.click(within(groupsGroup).getByRole('checkbox', { name: 'Contoso finance (CT-Finance)' }));
    await userEvent.click(screen.getByRole('button', { name: en.admin.kit.imagePicker.choose }));
    const dialog = await screen.findByRole('dialog', { name: `${texts.profileImage}: choose an image` });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Nina smiling' }));
    expect(await screen.findByRole('img', { name: 'Nina smiling' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The user was updated successfully !' }]));
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      contacts: [3],
      pbi_groups: ['CT-Finance', 'NW-Sales'],
      profile_image_id: 11,
    });
  });

  it("should list a consultant's clients with links, say when a list fails, and speak French", async () => {
    const colin = {
      ...nina,
      ...person(2, 'Colin', 'Consultant', true),
      contacts: [],
      pbi_groups: [],
      clients: [{ id: 7, first_name: 'Nina', last_name: 'North' }],
    };
    server.routes = [
      get('/api/admin/users/2', colin),
      get('/api/admin/entities', page([])),
      get('/api/admin/users/get/contacts/', consultants),
      get('/api/admin/groups', { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
    ];
    const view = renderPeople('/admin/users/details/2', server.apiBase);
    expect(await screen.findByRole('link', { name: 'Nina North' })).toHaveAttribute('href', '/admin/users/details/7');
    // Oneself is not offered as one's own consultant.
    const consultantsGroup = screen.getByRole('group', { name: texts.contacts });
    expect(await within(consultantsGroup).findByRole('checkbox', { name: 'Cora Consultant' })).toBeInTheDocument();
    expect(within(consultantsGroup).queryByRole('checkbox', { name: 'Colin Consultant' })).not.toBeInTheDocument();
    expect(await within(screen.getByRole('group', { name: texts.pbiGroups })).findByText(texts.loadFailed)).toBeVisible();
    view.unmount();

    renderPeople('/admin/users/details/2', server.apiBase, { language: 'fr' });
    expect(await screen.findByRole('group', { name: fr.admin.userLinks.contacts })).toBeVisible();
    expect(screen.getByText(fr.admin.userLinks.clients)).toBeVisible();
    // The groups' failure too, before the test ends (its log would come after the file has ended).
    const groups = screen.getByRole('group', { name: fr.admin.userLinks.pbiGroups });
    expect(await within(groups).findByText(fr.admin.userLinks.loadFailed)).toBeVisible();
  });
});
