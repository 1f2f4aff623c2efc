import { localDay } from '@hub/shared/api';
import { makeRemoteProps, runLifecycle, type RemoteProps } from '@hub/shared/remote';
import { get, startApiServer } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { latest } from '../test-data';
import widgets from './index';

const api = startApiServer();

async function mount(overrides: Partial<RemoteProps> = {}) {
  const lifecycles = widgets['latest-files']!;
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const props = { ...makeRemoteProps('collectmaster', { apiBase: api.apiBase, ...overrides }), domElement };
  await lifecycles.bootstrap(props);
  await runLifecycle(act, () => lifecycles.mount(props));
  return { element: domElement, unmount: () => runLifecycle(act, () => lifecycles.unmount(props)) };
}

describe('the latest files widget', () => {
  it('should list the first 5 latest files with their state and place, linked to their folder', async () => {
    const navigate = jest.fn();
    api.routes = [
      get('/api/v2/latest-files', {
        items: [latest(1, 'Sales Q1.csv', 4), latest(2, 'Stock list.xlsx', 3), latest(3, 'Orders Q1.csv', 2)],
      }),
      get('/api/v2/due-requests', { items: [] }),
    ];
    const widget = await mount({ navigate });
    const section = await screen.findByRole('region', { name: 'Latest files' });
    const link = await within(section).findByRole('link', { name: 'Sales Q1.csv' });
    expect(api.seen).toContain('/api/v2/latest-files?n=5');
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Sales Q1.csvokNorthwind Traders · Sales 2026 · Monthly data',
      'Stock list.xlsxproblemNorthwind Traders · Sales 2026 · Monthly data',
      'Orders Q1.csvuploadedNorthwind Traders · Sales 2026 · Monthly data',
    ]);
    expect(link).toHaveAttribute('href', '/collectmaster/northwind/5/9');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/collectmaster/northwind/5/9');
    await userEvent.click(within(section).getByRole('link', { name: 'All the latest files' }));
    expect(navigate).toHaveBeenCalledWith('/collectmaster/latest-files');
    expectNoRawKey();
    await widget.unmount();
    expect(widget.element).toBeEmptyDOMElement();
  });

  it('should list the open requests first, soonest due, an overdue one in words', async () => {
    const day = (offset: number) => localDay(new Date(Date.now() + offset * 86_400_000));
    const request = (id: number, name: string, dueOn: string) => ({
      type: 'file',
      id,
      name,
      due_on: dueOn,
      folder_id: 9,
      folder: 'Monthly data',
      collection_id: 5,
      project: 'Sales 2026',
      entity: 'Northwind Traders',
      entity_slug: 'northwind',
    });
    api.routes = [
      get('/api/v2/latest-files', { items: [latest(1, 'Sales Q1.csv', 4)] }),
      get('/api/v2/due-requests', { items: [request(7, 'Budget.xlsx', day(-2)), request(8, 'Stock.csv', day(0))] }),
    ];
    const widget = await mount();
    const requests = await screen.findByRole('list', { name: 'Files requested' });
    expect(api.seen).toContain('/api/v2/due-requests?n=5');
    const items = within(requests).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Budget\.xlsx⚠ Overdue since /);
    expect(items[0]!.querySelector('[data-due]')).toHaveAttribute('data-due', 'overdue');
    expect(items[1]).toHaveTextContent('Stock.csvDue today');
    expect(within(requests).getByRole('link', { name: 'Budget.xlsx' })).toHaveAttribute('href', '/collectmaster/northwind/5/9');
    await widget.unmount();
  });

  it('should say what to do when no file was sent yet, in French too, and when the files cannot be loaded', async () => {
    api.routes = [get('/api/v2/latest-files', { items: [] }), get('/api/v2/due-requests', { items: [] })];
    const empty = await mount({ language: 'fr' });
    expect(
      await screen.findByText('Aucun fichier envoyé pour le moment. Ouvrez un dossier pour envoyer vos premiers fichiers.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Derniers fichiers' })).toBeVisible();
    await empty.unmount();

    api.routes = [get('/api/v2/latest-files', { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500)];
    const failed = await mount();
    expect(await screen.findByText('The latest files could not be loaded.')).toBeVisible();
    await failed.unmount();
  });
});
