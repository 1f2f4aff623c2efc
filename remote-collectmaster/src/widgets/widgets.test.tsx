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

  it('should say what to do when no file was sent yet, in French too, and when the files cannot be loaded', async () => {
    api.routes = [get('/api/v2/latest-files', { items: [] })];
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
