import { localDay, type FileExchangeFile } from '@hub/shared/api';
import { en } from '@hub/shared/i18n';
import { makeRemoteProps, makeUser, RemoteRoot, type Notification, type RemoteProps } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { tusEndpoint } from '@hub/shared/test-support/tus-endpoint';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../../app-routes';
import { forgetUploads, uploadSettings } from '../../../lib/uploads/uploads-context';
import { collection, file, folder, list } from '../../../test-data';

const api = startApiServer();
const t = en.collectmaster;
let files: FileExchangeFile[];
let maxSize: number;
let tus: ReturnType<typeof tusEndpoint>;
const writes: { method: string; path: string; body: unknown }[] = [];

// The file-exchange API of folder 9 ('Monthly data', collection 5 'Sales 2026' of Northwind), as the contract shapes it.
const fileExchange: Route = (_req, { method, path, body }) => {
  if (method === 'GET' && path === '/api/v2/folder/9')
    return { status: 200, body: { ...folder(9, 'Monthly data'), collection: collection(5, 'Sales 2026') } };
  if (method === 'GET' && path === '/api/v2/folder/9/files') return { status: 200, body: list(files) };
  if (method === 'GET' && path === '/api/v2/limits') return { status: 200, body: { max_file_size: maxSize } };
  if (method === 'POST' && path === '/api/v2/file/2/download-ticket')
    return { status: 200, body: { url: `${api.origin}/api/v2/file/2/download?ticket=file-2-ticket` } };
  if (method === 'POST' && path === '/api/v2/folder/9/zip-ticket')
    return { status: 200, body: { url: `${api.origin}/api/v2/folder/9/zip?ticket=folder-9-ticket` } };
  if (method === 'PUT' || method === 'DELETE' || (method === 'POST' && path === '/api/v2/folder/9/files')) {
    writes.push({ method, path, body });
    const id = Number(path.split('/')[4]);
    if (path.endsWith('/state')) {
      const { state, comment } = body as { state: number; comment: string | null };
      files = files.map((item) => (item.id === id ? { ...item, state, comment } : item));
    }
    if (method === 'DELETE') files = files.filter((item) => item.id !== id);
    return method === 'DELETE' ? { status: 204 } : { status: 200, body: files.find((item) => item.id === id) ?? file(99, 'new.csv', 1) };
  }
  return undefined;
};

beforeEach(() => {
  files = [
    file(1, 'Expected budget.xlsx', 1, { comment: 'The 2026 budget, one sheet per month' }),
    file(2, 'Sales Q1.csv', 4),
    file(3, 'Stock list.csv', 3, { comment: 'Column C is empty' }),
    file(4, 'Orders Q1.csv', 2),
    file(5, 'Odd one', 7),
  ];
  maxSize = 10 * 1024 * 1024;
  writes.length = 0;
  tus = tusEndpoint({ onComplete: () => ({ 'Upload-File-Id': '42' }) });
  api.routes = [tus.route, fileExchange];
  localStorage.clear();
  uploadSettings.chunkSize = 64 * 1024;
});
afterEach(() => forgetUploads());

const customer = makeUser({ id: 7, rights: ['user'], entity: { id: 2, name: 'Northwind Traders', logo: null } });
const consultant = makeUser({ id: 3, rights: ['user', 'contributor'], entity: null });

function renderFolder(overrides: Partial<RemoteProps> = {}, user = customer) {
  window.history.pushState(null, '', '/collectmaster/northwind/5/9');
  const base = makeRemoteProps('collectmaster', { apiBase: api.apiBase });
  const props = { ...base, session: { ...base.session, user, displayedUser: user }, ...overrides };
  render(
    <RemoteRoot props={props} namespace="collectmaster">
      <AppRoutes />
    </RemoteRoot>,
  );
}

const bytes = (size: number, name: string) =>
  new File([new Uint8Array(size).fill(65)], name, { type: 'text/csv', lastModified: 1_700_000_000_000 });
const table = () => screen.findByRole('table', { name: 'Files of Monthly data' });
/**
 * Picks an item of the open row menu with the keyboard: arrows down to it, then Enter. The item is
 * looked for in the menu that is open: the menu of a row chosen before may still be in the page
 * while it closes, with an item of the same name that no key reaches.
 */
async function choose(item: string) {
  const menu = await waitFor(() => {
    const open = document.querySelector<HTMLElement>('[role="menu"][data-state="open"]');
    expect(open).not.toBeNull();
    return open!;
  });
  const option = await within(menu).findByRole('menuitem', { name: item });
  for (let step = 0; step < 6 && !option.hasAttribute('data-highlighted'); step += 1) await userEvent.keyboard('{ArrowDown}');
  expect(option).toHaveAttribute('data-highlighted');
  await userEvent.keyboard('{Enter}');
}
const row = async (name: string) => within(await table()).getByRole('row', { name: new RegExp(`^${name}`) });

describe('the folder page', () => {
  it('should show breadcrumbs that lead back, and each file with its type, dates and state in words', async () => {
    renderFolder();
    expect(await screen.findByRole('status')).toHaveTextContent(t.files.loading);
    await table();
    const crumbs = screen.getByRole('navigation', { name: t.breadcrumbs });
    expect(within(crumbs).getByRole('link', { name: 'Collectmaster' })).toHaveAttribute('href', '/collectmaster');
    expect(within(crumbs).getByRole('link', { name: 'Northwind Traders' })).toHaveAttribute('href', '/collectmaster/northwind');
    expect(within(crumbs).getByRole('link', { name: 'Sales 2026' })).toHaveAttribute('href', '/collectmaster/northwind/5');
    expect(within(crumbs).getByText('Monthly data')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Monthly data' })).toBeVisible();

    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([t.files.name, t.files.type, t.files.uploaded, t.files.updated, t.files.state, t.files.actions]);
    const cells = (name: string) =>
      row(name).then((found) =>
        within(found)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect((await cells('Sales Q1.csv')).slice(1, 5)).toEqual(['CSV', expect.stringMatching(/2026/), expect.stringMatching(/2026/), 'ok']);
    expect((await cells('Expected budget.xlsx')).slice(1, 5)).toEqual([
      'XLSX',
      t.files.notUploaded,
      expect.stringMatching(/2026/),
      'missing',
    ]);
    expect((await cells('Stock list.csv'))[4]).toBe('problem');
    expect((await cells('Orders Q1.csv'))[4]).toBe('uploaded');
    expect((await cells('Odd one')).slice(1, 5)).toEqual(['—', expect.any(String), expect.any(String), 'undefined']);
    expect(within(await row('Stock list.csv')).getByText('Publisher’s comment: Column C is empty')).toBeVisible();
    expect(within(await row('Expected budget.xlsx')).getByText('What to send: The 2026 budget, one sheet per month')).toBeVisible();
    expectNoRawKey();
  });

  it('should offer the customer downloads and "upload this file", and none of the staff actions', async () => {
    renderFolder();
    const missing = await row('Expected budget.xlsx');
    expect(within(missing).getByRole('button', { name: 'Upload this file: Expected budget.xlsx' })).toBeVisible();
    expect(within(missing).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(await row('Sales Q1.csv')).getByRole('button', { name: 'Download Sales Q1.csv' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^More actions/ })).toBeNull();
    expect(screen.queryByRole('button', { name: t.files.createMissing })).toBeNull();
  });

  /** The links the page follows: the browser would navigate to them and stream the attachment to disk. */
  function followedLinks() {
    const links: HTMLAnchorElement[] = [];
    const follow = (event: MouseEvent) => {
      if (!(event.target instanceof HTMLAnchorElement)) return;
      links.push(event.target);
      event.preventDefault(); // jsdom does not navigate
    };
    document.addEventListener('click', follow, true);
    return { links, stop: () => document.removeEventListener('click', follow, true) };
  }

  it('should download a file by following a ticket address, never fetching the bytes itself', async () => {
    const followed = followedLinks();
    renderFolder();
    await userEvent.click(within(await row('Sales Q1.csv')).getByRole('button', { name: 'Download Sales Q1.csv' }));
    await waitFor(() => expect(followed.links).toHaveLength(1));
    followed.stop();
    expect(followed.links[0]!.href).toBe(`${api.origin}/api/v2/file/2/download?ticket=file-2-ticket`);
    expect(followed.links[0]!.hasAttribute('download')).toBe(true);
    expect(api.requests.find((request) => request.path === '/api/v2/file/2/download-ticket')!.headers.authorization).toBe(
      'Bearer test-token',
    );
    expect(api.seen.some((url) => url.startsWith('/api/v2/file/2/download?') || url === '/api/v2/file/2/download')).toBe(false);
  });

  it('should download the folder as a zip by following a ticket address', async () => {
    const followed = followedLinks();
    renderFolder();
    await table();
    await userEvent.click(screen.getByRole('button', { name: t.files.zip }));
    await waitFor(() => expect(followed.links).toHaveLength(1));
    followed.stop();
    expect(followed.links[0]!.href).toBe(`${api.origin}/api/v2/folder/9/zip?ticket=folder-9-ticket`);
    expect(api.requests.find((request) => request.path === '/api/v2/folder/9/zip-ticket')!.method).toBe('POST');
    expect(api.seen.some((url) => url.startsWith('/api/v2/folder/9/zip?'))).toBe(false);
  });

  it('should upload chosen files with their own progress bar, and cancel one on the way', async () => {
    renderFolder();
    await table();
    const release = tus.holdAt(128 * 1024);
    await userEvent.upload(screen.getByTestId('upload-input'), bytes(256 * 1024, 'March sales.csv'));
    const uploads = await screen.findByRole('region', { name: t.uploads.title });
    const bar = await within(uploads).findByRole('progressbar', { name: 'March sales.csv' });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    expect(within(uploads).getByText(t.uploads.status.uploading)).toBeVisible();
    await userEvent.click(within(uploads).getByRole('button', { name: 'Cancel March sales.csv' }));
    expect(await within(uploads).findByText(t.uploads.status.cancelled)).toBeVisible();
    release();
    await waitFor(() => expect(tus.list()[0]!.terminated).toBe(true));
    expect(tus.list()[0]!.metadata).toEqual({ folderId: '9', filename: 'March sales.csv' });
  });

  it('should ask replace or keep both for a name already in the folder, and send the choice', async () => {
    renderFolder();
    await table();
    const filesRead = () => api.seen.filter((url) => url.startsWith('/api/v2/folder/9/files')).length;
    const before = filesRead();
    await userEvent.upload(screen.getByTestId('upload-input'), bytes(1000, 'Sales Q1.csv'));
    const uploads = await screen.findByRole('region', { name: t.uploads.title });
    expect(await within(uploads).findByText(t.uploads.status.conflict)).toBeVisible();
    expect(tus.list()).toEqual([]);
    await userEvent.click(within(uploads).getByRole('button', { name: t.uploads.keepBoth }));
    expect(await within(uploads).findByText(t.uploads.status.done)).toBeVisible();
    expect(tus.list()[0]!.metadata).toEqual({ folderId: '9', filename: 'Sales Q1.csv', conflict: 'keep-both' });
    await waitFor(() => expect(filesRead()).toBeGreaterThan(before));
  });

  it('should upload the files dropped onto the folder, saying where they go while they are dragged', async () => {
    renderFolder();
    const target = await table();
    const dropped = [bytes(500, 'Dropped one.csv'), bytes(700, 'Dropped two.csv')];
    const dataTransfer = { files: dropped, types: ['Files'] };
    fireEvent.dragOver(target, { dataTransfer });
    expect(await screen.findByText('Drop files to upload them into Monthly data')).toBeVisible();
    fireEvent.drop(target, { dataTransfer });
    expect(screen.queryByText('Drop files to upload them into Monthly data')).toBeNull();
    const uploads = await screen.findByRole('region', { name: t.uploads.title });
    await waitFor(() => expect(within(uploads).getAllByText(t.uploads.status.done)).toHaveLength(2));
    expect(
      tus
        .list()
        .map((upload) => upload.metadata.filename)
        .sort(),
    ).toEqual(['Dropped one.csv', 'Dropped two.csv']);
  });

  it('should fill a missing file from its row', async () => {
    renderFolder();
    await userEvent.click(
      within(await row('Expected budget.xlsx')).getByRole('button', { name: 'Upload this file: Expected budget.xlsx' }),
    );
    await userEvent.upload(screen.getByTestId('slot-input'), bytes(2000, 'budget-final.xlsx'));
    const uploads = await screen.findByRole('region', { name: t.uploads.title });
    expect(await within(uploads).findByText(t.uploads.status.done)).toBeVisible();
    expect(tus.list()[0]!.metadata).toEqual({ folderId: '9', fileId: '1', filename: 'budget-final.xlsx' });
  });

  it('should say a file is too large before sending any byte', async () => {
    maxSize = 1024;
    renderFolder();
    await table();
    await waitFor(() => expect(api.seen).toContain('/api/v2/limits'));
    await userEvent.upload(screen.getByTestId('upload-input'), bytes(4096, 'Big export.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large: the maximum size is 1 KB');
    expect(tus.list()).toEqual([]);
  });

  it('should let the staff mark a file ok, and report a problem with a required comment the customer sees', async () => {
    const notified: Notification[] = [];
    renderFolder({ notify: (notification) => notified.push(notification) }, consultant);
    await userEvent.click(within(await row('Orders Q1.csv')).getByRole('button', { name: 'More actions for Orders Q1.csv' }));
    await choose(t.actions.markOk);
    await waitFor(() => expect(writes).toContainEqual({ method: 'PUT', path: '/api/v2/file/4/state', body: { state: 4, comment: null } }));
    await waitFor(async () => expect(within(await row('Orders Q1.csv')).getByText('ok')).toBeVisible());
    expect(notified).toContainEqual({ kind: 'success', message: t.files.stateUpdated });

    await userEvent.click(within(await row('Sales Q1.csv')).getByRole('button', { name: 'More actions for Sales Q1.csv' }));
    await choose(t.actions.markProblem);
    const dialog = await screen.findByRole('dialog', { name: t.files.problemTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.save }));
    expect(await within(dialog).findByText(en.common.validation.required)).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: (name) => name.startsWith(t.files.problemField) }),
      'Totals do not add up',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toContainEqual({ method: 'PUT', path: '/api/v2/file/2/state', body: { state: 3, comment: 'Totals do not add up' } });
    expect(await screen.findByText('Publisher’s comment: Totals do not add up')).toBeVisible();
  });

  it('should show what is due and by when, overdue standing out, and let the staff set a due date', async () => {
    const day = (offset: number) => localDay(new Date(Date.now() + offset * 86_400_000));
    files[0] = { ...files[0]!, due_on: day(-1) };
    const dueFolder: Route = (_req, { method, path }) =>
      method === 'GET' && path === '/api/v2/folder/9'
        ? {
            status: 200,
            body: { ...folder(9, 'Monthly data', { due_on: day(2), due_open: true }), collection: collection(5, 'Sales 2026') },
          }
        : undefined;
    api.routes = [dueFolder, tus.route, fileExchange];
    const notified: Notification[] = [];
    renderFolder({ notify: (notification) => notified.push(notification) }, consultant);
    expect(await screen.findByText(/^Files requested by /)).toBeVisible();
    expect(screen.getByText('Due in 2 days')).toBeVisible();
    const expected = await row('Expected budget.xlsx');
    expect(
      within(expected)
        .getByText(/^Overdue since /)
        .closest('[data-due]'),
    ).toHaveAttribute('data-due', 'overdue');

    await userEvent.click(within(expected).getByRole('button', { name: 'More actions for Expected budget.xlsx' }));
    await choose(t.due.set);
    const dialog = await screen.findByRole('dialog', { name: 'Due date of Expected budget.xlsx' });
    const input = within(dialog).getByLabelText(t.due.field);
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue(day(-1));
    fireEvent.change(input, { target: { value: '2031-03-10' } });
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toContainEqual({ method: 'PUT', path: '/api/v2/file/1/due', body: { due_on: '2031-03-10' } });
    expect(notified).toContainEqual({ kind: 'success', message: t.due.saved });

    // The folder's request: emptied, it is withdrawn.
    await userEvent.click(screen.getByRole('button', { name: t.due.set }));
    const folderDialog = await screen.findByRole('dialog', { name: t.due.folderTitle });
    fireEvent.change(within(folderDialog).getByLabelText(t.due.field), { target: { value: '' } });
    await userEvent.click(within(folderDialog).getByRole('button', { name: t.dialog.save }));
    await waitFor(() => expect(writes).toContainEqual({ method: 'PUT', path: '/api/v2/folder/9/due', body: { due_on: null } }));
    expectNoRawKey();
  });

  it('should let the staff delete a file with the shared confirmation', async () => {
    renderFolder({}, consultant);
    await userEvent.click(within(await row('Odd one')).getByRole('button', { name: 'More actions for Odd one' }));
    await choose(t.actions.delete);
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(en.common.deleteDialog.question);
    await userEvent.click(within(confirm).getByRole('button', { name: en.common.deleteDialog.confirm }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Odd one/ })).toBeNull());
    expect(writes).toContainEqual({ method: 'DELETE', path: '/api/v2/file/5', body: undefined });
  });

  it('should say so when the folder is not the user’s (404)', async () => {
    api.routes = [];
    renderFolder();
    expect(await screen.findByText(t.files.notFound)).toBeVisible();
    expect(screen.queryByRole('button', { name: t.files.upload })).toBeNull();
  });
});
