import { ChakraProvider } from '@chakra-ui/react';
import type { User } from '@hub/shared/api';
import { en } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { createHubSystem } from '@hub/shared/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { ShellContext } from '../shell-context';
import { createShellServices } from '../shell-services';
import { WriteToConsultant } from './write-to-consultant';

const api = startApiServer();
let current: User;
const posted: unknown[] = [];
const consultant = {
  id: 3,
  first_name: 'Cora',
  last_name: 'Consultant',
  email: 'consultant@demo.test',
  description: null,
  profile_image: null,
};

// Posting the first message opens a discussion: the reloaded user then counts it.
const consultantApi: Route = (_req, { method, url, body }) => {
  if (method === 'POST' && url === '/api/discussions') {
    posted.push(body);
    current = { ...current, open_discussion_counter: 1 };
    return { status: 201, body: { discussion: { id: 1 }, message: { id: 1 } } };
  }
  if (url === '/api/auth/user') return { status: 200, body: current };
  return undefined;
};
beforeEach(() => {
  api.routes = [consultantApi];
});

function renderWidget(user: User) {
  current = user;
  window.history.pushState(null, '', '/home');
  const services = createShellServices({ language: 'en', origin: api.origin, remoteLoader: () => Promise.reject(new Error('unused')) });
  services.session.setUser(user);
  const toasts: string[] = [];
  services.snackbar.subscribe((message) => toasts.push(message.message));
  render(
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <ChakraProvider value={createHubSystem({ preflight: false })}>
          <BrowserRouter>
            <WriteToConsultant />
          </BrowserRouter>
        </ChakraProvider>
      </I18nextProvider>
    </ShellContext.Provider>,
  );
  return { toasts };
}

describe('WriteToConsultant', () => {
  it('should post the first message to the consultant, reload the user, then go to /contact', async () => {
    const { toasts } = renderWidget(makeUser({ contacts: [consultant], open_discussion_counter: 0 }));
    await userEvent.click(screen.getByRole('button', { name: en.shell.home.writeToConsultant }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message to Cora Consultant' }), 'Hello there{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/contact'));
    expect(posted).toEqual([{ message: 'Hello there', to_user_id: 3 }]);
    expect(toasts).toContain(en.shell.home.sent);
  });

  it('should offer nothing to someone without a consultant', () => {
    renderWidget(makeUser({ contacts: [] }));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('should lead to the open discussion when there is one', async () => {
    renderWidget(makeUser({ contacts: [consultant], open_discussion_counter: 1 }));
    await userEvent.click(screen.getByRole('button', { name: en.shell.home.openDiscussion }));
    expect(window.location.pathname).toBe('/contact');
  });
});
