import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { createApiClient } from '../api/http-client';
import { en } from '../i18n';
import { createI18n } from '../i18n/create-i18n';
import { get, route, startApiServer } from '../test-support/api-server';
import { ImagePicker } from './image-picker';
import { createHubSystem } from './system';

const server = startApiServer();
const system = createHubSystem({ preflight: false });
const texts = en.admin.kit.imagePicker;

const image = (id: number, name: string) => ({
  id,
  name,
  url: `http://127.0.0.1/images/${id}.png`,
  category: 'banner',
  description: null,
  size_bytes: 100,
  mime: 'image/png',
  created_at: '2026-11-23T10:00:00.000Z',
});
const list = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 100 });

function renderPicker(initial: number | null, disabled = false) {
  const changes: (number | null)[] = [];
  const api = createApiClient({ baseUrl: `${server.apiBase}/admin`, getToken: () => 'test-token' });
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <ImagePicker
        api={api}
        category="banner"
        label="Banner"
        value={value}
        disabled={disabled}
        onChange={(id) => {
          changes.push(id);
          setValue(id);
        }}
      />
    );
  }
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n(['common', 'admin'], 'en')}>
        {/* As the portal's RemoteRoot: no retry timer, which would fire once this file's page is gone. */}
        <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false }}>
          <Harness />
        </SWRConfig>
      </I18nextProvider>
    </ChakraProvider>,
  );
  return changes;
}

describe('ImagePicker', () => {
  it('should show the chosen picture and pick another of the same type from the library with the keyboard', async () => {
    server.routes = [
      get('/api/admin/images/1', image(1, 'Harbour at dawn')),
      get('/api/admin/images/category/banner', list([image(1, 'Harbour at dawn'), image(2, 'Mountain lake')])),
    ];
    const changes = renderPicker(1);
    expect(await screen.findByRole('img', { name: 'Harbour at dawn' })).toBeVisible();

    const user = userEvent.setup();
    screen.getByRole('button', { name: texts.choose }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Banner: choose an image' });
    const current = await within(dialog).findByRole('button', { name: 'Harbour at dawn' });
    expect(current).toHaveAttribute('aria-pressed', 'true');
    const other = within(dialog).getByRole('button', { name: 'Mountain lake' });
    expect(other).toHaveAttribute('aria-pressed', 'false');
    other.focus();
    await user.keyboard('{Enter}');

    expect(changes).toEqual([2]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.seen).toContain('/api/admin/images/category/banner?page_size=100');
  });

  it('should clear the picture with Remove', async () => {
    server.routes = [get('/api/admin/images/1', image(1, 'Harbour at dawn'))];
    const changes = renderPicker(1);
    await userEvent.click(await screen.findByRole('button', { name: texts.remove }));
    expect(changes).toEqual([null]);
    expect(screen.getByText(texts.none)).toBeVisible();
    expect(screen.queryByRole('button', { name: texts.remove })).not.toBeInTheDocument();
  });

  it('should upload a new picture into the library with its type and choose it', async () => {
    server.routes = [
      route('POST', '/api/admin/images', image(7, 'new-banner.png'), 201),
      get('/api/admin/images/7', image(7, 'new-banner.png')),
    ];
    const changes = renderPicker(null);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'new-banner.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Banner: file to upload'), file);

    await waitFor(() => expect(changes).toEqual([7]));
    const upload = server.requests.find((request) => request.method === 'POST')!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload.headers.authorization).toBe('Bearer test-token');
    expect(String(upload.body)).toMatch(/name="category"\r\n\r\nbanner/);
    expect(String(upload.body)).toMatch(/name="file"; filename="new-banner.png"/);
    expect(await screen.findByRole('img', { name: 'new-banner.png' })).toBeVisible();
  });

  it('should refuse a picture of 50 MB before sending it', async () => {
    const changes = renderPicker(null);
    const file = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(file, 'size', { value: 50 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText('Banner: file to upload'), file);

    expect(await screen.findByText('Image size should be less than 50 MB !')).toBeVisible();
    expect(server.requests).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it("should show the server's refusal at the field", async () => {
    server.routes = [
      route('POST', '/api/admin/images', { statusCode: 400, error: 'Bad Request', message: 'Image size should be less than 50 MB !' }, 400),
    ];
    const changes = renderPicker(null);
    await userEvent.upload(screen.getByLabelText('Banner: file to upload'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('Image size should be less than 50 MB !')).toBeVisible();
    expect(changes).toEqual([]);
  });

  it('should offer nothing to click when disabled', async () => {
    server.routes = [get('/api/admin/images/1', image(1, 'Harbour at dawn'))];
    renderPicker(1, true);
    expect(await screen.findByRole('img', { name: 'Harbour at dawn' })).toBeVisible();
    for (const name of [texts.choose, texts.upload, texts.remove]) expect(screen.getByRole('button', { name })).toBeDisabled();
  });
});
