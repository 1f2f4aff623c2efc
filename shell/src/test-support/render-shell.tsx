import { ChakraProvider } from '@chakra-ui/react';
import { createHubSystem } from '@hub/shared/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ShellContext } from '../shell-context';
import { createShellServices, type ShellServices } from '../shell-services';

const system = createHubSystem({ preflight: false });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Shell services against `origin` (a local test server), with a stored token. */
export function makeServices(origin = 'http://127.0.0.1:9'): ShellServices {
  const services = createShellServices({ language: 'en', origin, remoteLoader: () => Promise.reject(new Error('unused')) });
  services.session.setTokens({ hub: 'hub-token', files: 'files-token' });
  return services;
}

/** Renders `ui` with the shell's providers, a router at `path`, and the current path in `where`. */
export function renderInShell(ui: ReactNode, services: ShellServices, path = '/home') {
  return render(
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <ChakraProvider value={system}>
          <MemoryRouter initialEntries={[path]}>
            {ui}
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </ChakraProvider>
      </I18nextProvider>
    </ShellContext.Provider>,
  );
}

/** jsdom has no modal dialogs: the browser's showModal() and close(), as far as the shell relies on them. */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
