import { en, fr } from '@hub/shared/i18n';
import { get, route, startApiServer, type Route } from '@hub/shared/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLibrary } from '../../../test-support/render-library';

const server = startApiServer();
const texts = en.admin.images;
const image = (id: number, name: string, category = 'banner') => ({
  id,
  name,
  url: `http://127.0.0.1/api/images/${id}/file`,
  category,
  description: null,
  size_bytes: 2048,
  mime: 'image/png',
  created_at: '2026-11-23T10:00:00.000Z',
});
const list = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 100 });
const emptyTypes = ['thumbnail', 'profile', 'logo', 'description'].map((type) => get(`/api/admin/images/category/${type}`, list([])));

describe('the image library', () => {
  it('should show a grid per type with its display size, and say when a type has none', async () => {
    server.routes = [get('/api/admin/images/category/banner', list([image(1, 'Harbour at dawn')])), ...emptyTypes];
    renderLibrary('/admin/images', server.apiBase);
    const banners = await screen.findByRole('region', { name: texts.types.banner });
    expect(await within(banners).findByRole('img', { name: 'Harbour at dawn' })).toBeVisible();
    expect(within(banners).getByText(/1200 × 300 px/)).toBeVisible();
    expect(within(banners).getByRole('link', { name: 'Edit Harbour at dawn' })).toHaveAttribute('href', '/admin/images/details/1');
    const logos = await screen.findByRole('region', { name: texts.types.logo });
    expect(await within(logos).findByText(texts.empty)).toBeVisible();
  });

  it('should draw a type only once the types above it have answered, so that nothing is pushed down', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const heldBanners: Route = async (_req, request) => {
      if (request.path !== '/api/admin/images/category/banner') return undefined;
      await held;
      return { status: 200, body: list([image(1, 'Harbour at dawn')]) };
    };
    server.routes = [heldBanners, ...emptyTypes];
    renderLibrary('/admin/images', server.apiBase);
    const banners = await screen.findByRole('region', { name: texts.types.banner });
    // The other types have answered, but the banners have not: only the banners' section is drawn, loading.
    await waitFor(() =>
      expect(server.requests.filter((request) => request.path.startsWith('/api/admin/images/category/'))).toHaveLength(5),
    );
    expect(screen.queryByRole('region', { name: texts.types.thumbnail })).toBeNull();
    expect(screen.queryByRole('region', { name: texts.types.logo })).toBeNull();
    release();
    expect(await within(banners).findByRole('img', { name: 'Harbour at dawn' })).toBeVisible();
    expect(await screen.findByRole('region', { name: texts.types.thumbnail })).toBeVisible();
    expect(screen.getByRole('region', { name: texts.types.logo })).toBeVisible();
  });

  it('should upload the chosen file as the chosen type, toast it, and show it in its grid', async () => {
    let banners = [image(1, 'Harbour at dawn')];
    server.routes = [
      route(
        'POST',
        '/api/admin/images',
        () => {
          banners = [image(2, 'logo.png', 'logo'), ...banners];
          return image(2, 'logo.png', 'logo');
        },
        201,
      ),
      get('/api/admin/images/category/banner', list([image(1, 'Harbour at dawn')])),
      (_req, request) =>
        request.method === 'GET' && request.path === '/api/admin/images/category/logo'
          ? { status: 200, body: list(banners.filter((item) => item.category === 'logo')) }
          : undefined,
      ...emptyTypes,
    ];
    const { toasts } = renderLibrary('/admin/images', server.apiBase);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: texts.uploadCategory }), 'logo');
    await userEvent.upload(
      screen.getByLabelText(texts.file),
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );

    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The image was created successfully !' }]));
    const upload = server.requests.find((request) => request.method === 'POST')!;
    expect(upload.raw.toString('latin1')).toMatch(/name="category"\r\n\r\nlogo/);
    const logos = screen.getByRole('region', { name: texts.types.logo });
    expect(await within(logos).findByRole('img', { name: 'logo.png' })).toBeVisible();
  });

  it('should upload a file dropped on the zone, as a banner by default', async () => {
    server.routes = [
      route('POST', '/api/admin/images', image(5, 'dropped.png'), 201),
      get('/api/admin/images/category/banner', list([])),
      ...emptyTypes,
    ];
    const { toasts } = renderLibrary('/admin/images', server.apiBase);
    const zone = (await screen.findByText(texts.dropZone)).parentElement!;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'dropped.png', { type: 'image/png' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'The image was created successfully !' }]));
    const upload = server.requests.find((request) => request.method === 'POST')!;
    expect(upload.raw.toString('latin1')).toMatch(/name="category"\r\n\r\nbanner[\s\S]*filename="dropped.png"/);
  });

  it("should refuse 50 MB before sending, with the spec's words", async () => {
    server.routes = [...emptyTypes, get('/api/admin/images/category/banner', list([]))];
    renderLibrary('/admin/images', server.apiBase);
    const file = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(file, 'size', { value: 50 * 1024 * 1024 });
    await userEvent.upload(await screen.findByLabelText(texts.file), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('Image size should be less than 50 MB !');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('should say how many items use an image before deleting it, then delete it', async () => {
    let deleted = false;
    server.routes = [
      get('/api/admin/images/category/banner', list([image(1, 'Harbour at dawn')])),
      get('/api/admin/images/1/usage', { advices: 2, news_items: 1, entities: 0, users: 0, total: 3 }),
      route(
        'DELETE',
        '/api/admin/images/1',
        () => {
          deleted = true;
          return null;
        },
        204,
      ),
      ...emptyTypes,
    ];
    const { toasts } = renderLibrary('/admin/images', server.apiBase);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Harbour at dawn' }));
    const dialog = await screen.findByRole('alertdialog', { name: en.common.deleteDialog.question });
    expect(await within(dialog).findByText(/used by 2 advice\(s\), 1 news item\(s\), 0 entity logo\(s\) and 0 profile\(s\)/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(toasts).toEqual([{ kind: 'success', message: 'The image was deleted successfully !' }]);
  });

  it('should edit the name and description through a multipart POST /images/{id}, and speak French', async () => {
    server.routes = [
      get('/api/admin/images/1', image(1, 'Harbour at dawn')),
      route('POST', '/api/admin/images/1', { ...image(1, 'Harbour at dusk'), description: 'Evening' }),
    ];
    const { toasts } = renderLibrary('/admin/images/details/1', server.apiBase, { language: 'fr' });
    const name = await screen.findByRole('textbox', { name: new RegExp(`^${fr.admin.images.name}`) });
    await userEvent.clear(name);
    await userEvent.type(name, 'Harbour at dusk');
    await userEvent.type(screen.getByRole('textbox', { name: fr.admin.images.description }), 'Evening');
    await userEvent.click(screen.getByRole('button', { name: fr.common.save }));

    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: fr.admin.images.updated }]));
    const sent = server.requests.find((request) => request.method === 'POST')!;
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(sent.raw.toString('utf8')).toMatch(/name="name"\r\n\r\nHarbour at dusk\r\n[\s\S]*name="description"\r\n\r\nEvening/);
    expect(sent.raw.toString('utf8')).not.toMatch(/name="file"/);
  });
});
