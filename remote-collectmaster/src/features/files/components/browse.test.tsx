import { en } from '@hub/shared/i18n';
import { makeRemoteProps, makeUser, RemoteRoot, type RemoteProps } from '@hub/shared/remote';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../../app-routes';
import { forgetUploads } from '../../../lib/uploads/uploads-context';
import { collection, entity, folder, latest, list } from '../../../test-data';

const api = startApiServer();
const t = en.collectmaster;
afterEach(() => forgetUploads());

const customer = makeUser({ id: 7, rights: ['user'], entity: { id: 2, name: 'Northwind Traders', logo: null } });
const consultant = makeUser({ id: 3, rights: ['user', 'contributor'], entity: null });

function renderAt(path: string, user = customer, overrides: Partial<RemoteProps> = {}) {
  window.history.pushState(null, '', path);
  const base = makeRemoteProps('collectmaster', { apiBase: api.apiBase });
  render(
    <RemoteRoot props={{ ...base, session: { ...base.session, user, displayedUser: user }, ...overrides }} namespace="collectmaster">
      <AppRoutes />
    </RemoteRoot>,
  );
}

describe('browsing the file exchange', () => {
  it('should land a customer on his own company, whose address survives a reload', async () => {
    api.routes = [
      get('/api/v2/entities', list([entity(2, 'Northwind Traders', 'northwind')])),
      get('/api/v2/entity/northwind/collections', list([collection(5, 'Sales 2026', { folders_count: 3 })])),
    ];
    renderAt('/collectmaster');
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind Traders' })).toBeVisible();
    expect(window.location.pathname).toBe('/collectmaster/northwind');
    const collections = await screen.findByRole('list', { name: t.collections.title });
    expect(within(collections).getByRole('link', { name: 'Sales 2026' })).toHaveAttribute('href', '/collectmaster/northwind/5');
    expect(collections).toHaveTextContent('3 folders');
    expect(screen.getByRole('link', { name: t.latestLink })).toHaveAttribute('href', '/collectmaster/latest-files');
    expect(screen.queryByRole('button', { name: t.collections.create })).toBeNull();
  });

  it('should let the staff choose a company, then create a collection in it', async () => {
    const posted: unknown[] = [];
    let items = [collection(5, 'Sales 2026')];
    api.routes = [
      get('/api/v2/entities', list([entity(2, 'Northwind Traders', 'northwind'), entity(3, 'Contoso', 'contoso')])),
      route('GET', '/api/v2/entity/contoso/collections', () => list(items)),
      route('POST', '/api/v2/entity/3/collections', ({ body }: SeenRequest) => {
        posted.push(body);
        items = [...items, collection(6, (body as { project: string }).project, { entity_id: 3 })];
        return items[1];
      }),
    ];
    renderAt('/collectmaster', consultant);
    const companies = await screen.findByRole('list', { name: t.entities.title });
    expect(
      within(companies)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Northwind Traders', 'Contoso']);
    await userEvent.click(within(companies).getByRole('link', { name: 'Contoso' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contoso' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: t.collections.create }));
    const dialog = await screen.findByRole('dialog', { name: t.collections.createTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: (name) => name.startsWith(t.collections.field) }), 'Budget 2027');
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.save }));
    expect(await screen.findByRole('link', { name: 'Budget 2027' })).toHaveAttribute('href', '/collectmaster/contoso/6');
    expect(posted).toEqual([{ project: 'Budget 2027' }]);
  });

  it('should list a collection’s folders with their counts under breadcrumbs', async () => {
    api.routes = [
      get('/api/v2/collection/5', collection(5, 'Sales 2026')),
      get('/api/v2/collection/5/folders', list([folder(9, 'Monthly data', { files_count: 4, missing_count: 2 })])),
    ];
    renderAt('/collectmaster/northwind/5');
    const folders = await screen.findByRole('list', { name: t.folders.title });
    expect(within(folders).getByRole('link', { name: 'Monthly data' })).toHaveAttribute('href', '/collectmaster/northwind/5/9');
    expect(folders).toHaveTextContent('4 files · 2 expected');
    const crumbs = screen.getByRole('navigation', { name: t.breadcrumbs });
    await waitFor(() =>
      expect(within(crumbs).getByRole('link', { name: 'Northwind Traders' })).toHaveAttribute('href', '/collectmaster/northwind'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales 2026' })).toBeVisible();
  });

  it('should show an open request’s due date on its folder, and none once it is met', async () => {
    api.routes = [
      get('/api/v2/collection/5', collection(5, 'Sales 2026')),
      get(
        '/api/v2/collection/5/folders',
        list([
          folder(9, 'Monthly data', { files_count: 4, missing_count: 2, due_on: '2020-01-31', due_open: true }),
          folder(10, 'Reference data', { files_count: 2, missing_count: 0, due_on: '2020-01-31', due_open: false }),
        ]),
      ),
    ];
    renderAt('/collectmaster/northwind/5');
    const folders = await screen.findByRole('list', { name: t.folders.title });
    const [open, met] = within(folders).getAllByRole('listitem');
    expect(open).toHaveTextContent('4 files · 2 expected ⚠ Overdue since Jan 31, 2020');
    expect(met).toHaveTextContent(/^Reference data2 files$/);
  });

  it('should say what to do when a collection has no folder yet', async () => {
    api.routes = [get('/api/v2/collection/5', collection(5, 'Sales 2026')), get('/api/v2/collection/5/folders', list([]))];
    renderAt('/collectmaster/northwind/5');
    expect(await screen.findByText(t.folders.empty)).toBeVisible();
  });

  it('should say so when a company is not the user’s', async () => {
    api.routes = [get('/api/v2/entities', list([entity(2, 'Northwind Traders', 'northwind')]))];
    renderAt('/collectmaster/contoso');
    expect(await screen.findByText(t.collections.notFound)).toBeVisible();
  });

  it('should list the latest files newest first, each with its state and where it is, in French too', async () => {
    api.routes = [get('/api/v2/latest-files', { items: [latest(1, 'Sales Q1.csv', 4), latest(2, 'Stock list.csv', 3)] })];
    renderAt('/collectmaster/latest-files', customer, { language: 'fr' });
    const files = await screen.findByRole('list', { name: 'Derniers fichiers' });
    const items = within(files).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sales Q1.csv');
    expect(items[0]).toHaveTextContent('ok');
    expect(items[1]).toHaveTextContent('problème');
    expect(items[1]).toHaveTextContent('Northwind Traders · Sales 2026 · Monthly data');
    expect(within(items[0]!).getByRole('link', { name: 'Sales Q1.csv' })).toHaveAttribute('href', '/collectmaster/northwind/5/9');
    expect(api.seen).toContain('/api/v2/latest-files?n=20');
  });
});
