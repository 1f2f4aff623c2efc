import { ChakraProvider } from '@chakra-ui/react';
import type { User } from '@hub/shared/api';
import { fr } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { createHubSystem } from '@hub/shared/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import { ProfilePage } from './profile-page';

let server: Server;
let origin: string;
let current: User;
const requests: string[] = [];
let uploaded = '';
const image = (id: number, name: string) => ({ id, name, url: `${origin}/files/${id}.png`, category: 'profile', description: null });

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    // jsdom's XMLHttpRequest (the upload) applies CORS: the page is http://localhost.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url?.startsWith('/api/images/category/profile'))
      return json(200, { items: [image(1, 'Blue'), image(2, 'Green')], total: 2, page: 1, page_size: 100 });
    if (req.url === '/api/user/set-my-profile-image/2' || req.url === '/api/user/set-my-profile-image/3') {
      current = { ...current, profile_image: image(Number(req.url.split('/').pop()), 'x') as User['profile_image'] };
      return json(200, current);
    }
    if (req.url === '/api/user/unset-my-profile-image') {
      current = { ...current, profile_image: null };
      return json(200, current);
    }
    if (req.url === '/api/auth/user') return json(200, current);
    if (req.method === 'POST' && req.url === '/api/images') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        uploaded = Buffer.concat(chunks).toString('latin1');
        json(201, image(3, 'me.png'));
      });
      return undefined;
    }
    return json(404, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
});

function renderProfile(user: User, language: 'en' | 'fr' = 'en') {
  current = user;
  const services = createShellServices({ language, origin, remoteLoader: () => Promise.reject(new Error('unused')) });
  services.session.setUser(user);
  const toasts: string[] = [];
  services.snackbar.subscribe((message) => toasts.push(message.message));
  render(
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <ChakraProvider value={createHubSystem({ preflight: false })}>
          <BrowserRouter>
            <ProfilePage />
          </BrowserRouter>
        </ChakraProvider>
      </I18nextProvider>
    </ShellContext.Provider>,
  );
  return { services, toasts };
}

const RAW_KEY = /^[a-z]+(\.[a-zA-Z-]+)+$/;
function expectNoRawKey() {
  const texts = [...document.body.querySelectorAll('*')].flatMap((element) => [
    ...[...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent!.trim()),
    element.getAttribute('aria-label') ?? '',
    element.getAttribute('alt') ?? '',
  ]);
  expect(texts.filter((text) => RAW_KEY.test(text))).toEqual([]);
}

const northwind = {
  id: 1,
  name: 'Northwind',
  logo: { id: 9, name: 'logo', url: 'http://127.0.0.1:9/logo.png', category: 'logo' as const, description: null },
};
const consultant = {
  id: 7,
  first_name: 'Claire',
  last_name: 'Martin',
  email: 'claire@publisher.test',
  description: 'Finance consultant',
  profile_image: null,
};

describe('ProfilePage', () => {
  it('should show the company logo, initials without an image, the role label and the consultant', async () => {
    renderProfile(
      makeUser({ first_name: 'Ada', last_name: 'Lovelace', rights: ['contributor'], entity: northwind, contacts: [consultant] }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Logo of Northwind' })).toHaveAttribute('src', 'http://127.0.0.1:9/logo.png');
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('Entity Admin')).toBeVisible();
    expect(screen.getByText('Claire Martin')).toBeVisible();
    expect(screen.getByRole('link', { name: 'claire@publisher.test' })).toHaveAttribute('href', 'mailto:claire@publisher.test');
    expect(screen.getByText('Your consultant usually replies within 2 hours, 8am-8pm on weekdays.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Use Blue' })).toBeVisible();
    expectNoRawKey();
  });

  it('should label an administrator General Admin, in French too', async () => {
    renderProfile(makeUser({ rights: ['administrator'] }), 'fr');
    expect(screen.getByText(fr.shell.roles.generalAdmin)).toBeVisible();
    expect(screen.getByText(fr.shell.profile.contact.none)).toBeVisible();
    await screen.findByRole('list', { name: fr.shell.profile.image.choose });
    expectNoRawKey();
  });

  it('should set a profile image, refresh the session and say so, then unset it', async () => {
    const { services, toasts } = renderProfile(makeUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Use Green' }));
    await waitFor(() => expect(toasts).toContain('Profile image edited !'));
    expect(requests).toContain('PUT /api/user/set-my-profile-image/2');
    expect(requests).toContain('GET /api/auth/user');
    expect(services.session.getState().user?.profile_image?.id).toBe(2);
    expect(screen.getByRole('button', { name: 'Use Green' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Remove my profile image' }));
    await waitFor(() => expect(toasts).toContain('Profile image unselected !'));
    expect(requests).toContain('PUT /api/user/unset-my-profile-image');
    expect(services.session.getState().user?.profile_image).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove my profile image' })).toBeNull();
  });

  it('should upload a new image as multipart with the profile category, then use it', async () => {
    const { toasts } = renderProfile(makeUser());
    await screen.findByRole('button', { name: 'Use Blue' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload a new image', { selector: 'input' }), file);
    await waitFor(() => expect(toasts).toContain('Profile image edited !'));
    expect(uploaded).toMatch(/name="category"\r\n\r\nprofile/);
    expect(uploaded).toMatch(/name="file"; filename="me.png"/);
    expect(uploaded.indexOf('name="category"')).toBeLessThan(uploaded.indexOf('name="file"'));
    expect(requests).toContain('PUT /api/user/set-my-profile-image/3');
  });
});
