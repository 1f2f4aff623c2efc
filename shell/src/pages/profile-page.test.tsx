import { ChakraProvider } from '@chakra-ui/react';
import { IMAGE_FILE_FIELD, IMAGE_MESSAGES, type User } from '@hub/shared/api';
import { en, fr } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { createHubSystem } from '@hub/shared/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import { ProfilePage } from './profile-page';

const api = startApiServer();
let current: User;
const image = (id: number, name: string) => ({ id, name, url: `${api.origin}/files/${id}.png`, category: 'profile', description: null });
/** What the server got, as `METHOD /url`. */
const requests = () => api.requests.map((request) => `${request.method} ${request.url}`);
/** The body of the last upload, byte for byte. */
const uploaded = () =>
  api.requests
    .filter((request) => request.method === 'POST' && request.url === '/api/images')
    .at(-1)
    ?.raw.toString('latin1') ?? '';

// The profile images, the user in `current` and what choosing or removing an image does to it.
const profileApi: Route = (_req, { method, url }) => {
  if (url.startsWith('/api/images/category/profile'))
    return { status: 200, body: { items: [image(1, 'Blue'), image(2, 'Green')], total: 2, page: 1, page_size: 100 } };
  if (url === '/api/user/set-my-profile-image/2' || url === '/api/user/set-my-profile-image/3') {
    current = { ...current, profile_image: image(Number(url.split('/').pop()), 'x') as User['profile_image'] };
    return { status: 200, body: current };
  }
  if (url === '/api/user/unset-my-profile-image') {
    current = { ...current, profile_image: null };
    return { status: 200, body: current };
  }
  if (url === '/api/auth/user') return { status: 200, body: current };
  if (method === 'POST' && url === '/api/images') return { status: 201, body: image(3, 'me.png') };
  return undefined;
};
beforeEach(() => {
  api.routes = [profileApi];
  localStorage.clear();
});

function renderProfile(user: User, language: 'en' | 'fr' = 'en') {
  current = user;
  const services = createShellServices({ language, origin: api.origin, remoteLoader: () => Promise.reject(new Error('unused')) });
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
    // The page's catalogue ('account') is fetched when it is first opened.
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
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
    expect(await screen.findByText(fr.shell.roles.generalAdmin)).toBeVisible();
    expect(screen.getByText(fr.account.profile.contact.none)).toBeVisible();
    await screen.findByRole('list', { name: fr.account.profile.image.choose });
    expectNoRawKey();
  });

  it('should set a profile image, refresh the session and say so, then unset it', async () => {
    const { services, toasts } = renderProfile(makeUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Use Green' }));
    await waitFor(() => expect(toasts).toContain('Profile image edited !'));
    expect(requests()).toContain('PUT /api/user/set-my-profile-image/2');
    expect(requests()).toContain('GET /api/auth/user');
    expect(services.session.getState().user?.profile_image?.id).toBe(2);
    expect(screen.getByRole('button', { name: 'Use Green' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Remove my profile image' }));
    await waitFor(() => expect(toasts).toContain('Profile image unselected !'));
    expect(requests()).toContain('PUT /api/user/unset-my-profile-image');
    expect(services.session.getState().user?.profile_image).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove my profile image' })).toBeNull();
  });

  it('should upload a new image as multipart with the profile category, then use it', async () => {
    const { toasts } = renderProfile(makeUser());
    await screen.findByRole('button', { name: 'Use Blue' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload a new image', { selector: 'input' }), file);
    await waitFor(() => expect(toasts).toContain('Profile image edited !'));
    expect(uploaded()).toMatch(/name="category"\r\n\r\nprofile/);
    expect(uploaded()).toMatch(/name="file"; filename="me.png"/);
    expect(uploaded().indexOf('name="category"')).toBeLessThan(uploaded().indexOf('name="file"'));
    expect(requests()).toContain('PUT /api/user/set-my-profile-image/3');
  });

  it("should say the image is too large from the server's field error, and that it failed otherwise", async () => {
    const refusal = (message: string) => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message, errors: [{ field: IMAGE_FILE_FIELD, message }] },
    });
    let answer = refusal(IMAGE_MESSAGES.tooLarge);
    api.routes = [(_req, { method, url }) => (method === 'POST' && url === '/api/images' ? answer : undefined), profileApi];
    const { toasts } = renderProfile(makeUser());
    await screen.findByRole('button', { name: 'Use Blue' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    const input = screen.getByLabelText('Upload a new image', { selector: 'input' });
    await userEvent.upload(input, file);
    await waitFor(() => expect(toasts).toContain(en.common.validation.imageTooLarge));
    answer = refusal('Only jpeg, png, gif and webp images are accepted');
    await userEvent.upload(input, file);
    await waitFor(() => expect(toasts).toContain(en.account.profile.image.uploadFailed));
    expect(toasts.filter((toast) => toast === en.common.validation.imageTooLarge)).toHaveLength(1);
  });

  it('should prepare my data with its progress, then offer its link, by keyboard', async () => {
    let asked = 0;
    api.routes = [
      (_req, { method, url }) => {
        if (method === 'POST' && url === '/api/me/exports') return { status: 202, body: { id: 7 } };
        if (url === '/api/me/exports/7') {
          asked += 1;
          const ready = asked > 1;
          return {
            status: 200,
            body: {
              id: 7,
              state: ready ? 'ready' : 'running',
              progress: ready ? 100 : 40,
              download_url: ready ? `${api.origin}/api/exports/7/zip?ticket=t` : null,
              size_bytes: ready ? 2048 : null,
              created_at: '2026-12-08T10:00:00.000Z',
              expires_at: ready ? '2026-12-15T10:00:00.000Z' : null,
            },
          };
        }
        return undefined;
      },
      profileApi,
    ];
    renderProfile(makeUser());
    const start = await screen.findByRole('button', { name: 'Download my data' });
    start.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Preparing your data: 40 %', undefined, { timeout: 5000 })).toBeVisible();
    const link = await screen.findByRole('link', { name: 'Download the zip (2 KB)' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `${api.origin}/api/exports/7/zip?ticket=t`);
    expect(screen.getByText('Your data is ready.')).toBeVisible();
    expect(requests()).toContain('POST /api/me/exports');
    expectNoRawKey();
  }, 15_000);
});
