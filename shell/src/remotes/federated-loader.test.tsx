import { ChakraProvider } from '@chakra-ui/react';
import { createCatalogueStore, createI18n, lendCatalogues } from '@hub/shared/i18n';
import { common as enCommon } from '@hub/shared/i18n/en/common';
import { makeRemoteProps, REMOTE_CONTRACT_VERSION } from '@hub/shared/remote';
import { get, route, startApiServer } from '@hub/shared/test-support';
import type { RemoteEntry } from '@hub/shared/api';
import { createHubSystem } from '@hub/shared/ui';
// The pure entry: this file cleans up itself, inside act().
import { act, cleanup, render, screen, waitFor } from '@testing-library/react/pure';
import React from 'react';
import { I18nextProvider } from 'react-i18next';
import { clientEventsSender, createClientEvents, type ClientEventsCollector } from './client-events';
import { createFederatedLoader, exposedScripts } from './federated-loader';
import { RemoteArea } from './remote-area';

// The shell's real loader against a local server that serves a remote's mf-manifest.json, as a
// remote released alone by another team would be served.
const server = startApiServer();
afterEach(() =>
  act(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }),
);

const MANIFEST = '/remotes/content/mf-manifest.json';
function manifest(facts: Record<string, unknown>) {
  return {
    id: 'content',
    name: 'content',
    metaData: {
      name: 'content',
      type: 'app',
      buildInfo: { buildVersion: '0.2.0', buildName: '@hub/remote-content' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: 'content',
      pluginVersion: '2.9.2',
      publicPath: 'auto',
      hub: facts,
    },
    shared: [],
    remotes: [],
    exposes: [],
  };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const i18nextMajor = (require('i18next/package.json') as { version: string }).version.split('.')[0];
const fittingFacts = {
  contractVersion: REMOTE_CONTRACT_VERSION,
  shared: {
    react: `^${React.version.split('.')[0]}.0.0`,
    'react-dom': `^${React.version.split('.')[0]}.0.0`,
    i18next: `^${i18nextMajor}.0.0`,
  },
  federationMajor: 2,
  build: { version: '0.2.0', time: '2026-11-23T23:00:00.000Z', stamp: '0.2.0+2026-11-23T23:00:00.000Z' },
};

function renderContent(
  language: 'en' | 'fr' = 'en',
  listRemotes: () => Promise<RemoteEntry[]> = async () => [
    { name: 'content', entry: `${server.origin}${MANIFEST}`, version: 'configured' },
  ],
  withEvents?: (loader: ReturnType<typeof createFederatedLoader>) => ClientEventsCollector,
) {
  const loader = createFederatedLoader({ listRemotes, rights: () => ['user'] });
  const events = withEvents?.(loader);
  const i18n = createI18n(['shell', 'common'], language);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={createHubSystem({ preflight: false })}>
        <RemoteArea
          name="content"
          props={{ ...makeRemoteProps('content', { apiBase: server.apiBase }), language }}
          loader={loader}
          events={events}
        />
      </ChakraProvider>
    </I18nextProvider>,
  );
  return { ...view, loader };
}

describe('the federated loader', () => {
  it('should refuse a remote whose manifest declares a newer contract, before loading its code, and count it', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes = [
      get(MANIFEST, manifest({ ...fittingFacts, contractVersion: REMOTE_CONTRACT_VERSION + 1 })),
      route('POST', '/api/client-events', null, 204),
    ];
    let events: ClientEventsCollector | undefined;
    renderContent('en', undefined, (loader) => {
      const api = makeRemoteProps('content', { apiBase: server.apiBase }).api;
      events = createClientEvents({ releases: () => loader.releases!(), send: clientEventsSender(api) });
      events.start();
      return events;
    });

    const area = await screen.findByRole('alert');
    expect(area).toHaveTextContent('This section is being updated');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    const why = `It is built against contract version ${REMOTE_CONTRACT_VERSION + 1}; the shell accepts ${REMOTE_CONTRACT_VERSION}.`;
    expect(errors).toHaveBeenCalledWith(`The remote "content" (build 0.2.0+2026-11-23T23:00:00.000Z) is not mounted: ${why}`);
    // Only the manifest was read: neither remoteEntry.js nor any of its code.
    expect(server.seen).toEqual([MANIFEST]);
    // Counted for the page's release of content, by name and place only (the page hidden sends it now).
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(server.seen).toEqual([MANIFEST, '/api/client-events']));
    const [event] = (server.requests[1]!.body as { events: Record<string, unknown>[] }).events;
    expect(event).toMatchObject({
      remote: 'content',
      version: 'configured',
      kind: 'load-failure',
      count: 1,
      error_name: 'RemoteMisfitError',
    });
    expect(server.requests[1]!.raw.toString()).not.toContain('contract version');
    events!.stop();
    errors.mockRestore();
  });

  it('should refuse a remote whose react range excludes the shell React, in French too', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes = [get(MANIFEST, manifest({ ...fittingFacts, shared: { react: '^18.2.0', 'react-dom': '^18.2.0' } }))];
    renderContent('fr');

    expect(await screen.findByRole('alert')).toHaveTextContent('Cette section est en cours de mise à jour');
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining(`It shares react "^18.2.0", which excludes the shell's react ${React.version}.`),
    );
    errors.mockRestore();
  });

  it('should refuse a manifest that declares no contract at all', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes = [get(MANIFEST, { ...manifest({}), metaData: { name: 'content' } })];
    renderContent();

    expect(await screen.findByRole('alert')).toHaveTextContent('This section is being updated');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('declares no contract version'));
    errors.mockRestore();
  });

  it('should go past the check for a fitting manifest and hand the remote to the federation runtime', async () => {
    server.routes = [get(MANIFEST, manifest(fittingFacts))];
    const view = renderContent();

    // The check let it through: the entry script the manifest names is asked for at once, and
    // handed to the runtime (which does not read the manifest a second time).
    const entry = `${server.origin}/remotes/content/remoteEntry.js`;
    await waitFor(() => expect(document.head.querySelector(`link[rel="preload"][href="${entry}"]`)).not.toBeNull());
    await waitFor(() => expect(document.querySelector(`script[src="${entry}"]`)).not.toBeNull());
    expect(server.seen).toEqual([MANIFEST]);
    expect(screen.queryByRole('alert')).toBeNull();
    view.unmount();
  });
});

describe("the page's releases", () => {
  const release = (name: 'content' | 'admin', version: string): RemoteEntry => ({
    name,
    entry: `${server.origin}/releases/${name}/${version}/mf-manifest.json`,
    version,
  });

  it('should keep the release it was given for a Retry, though the list now names another', async () => {
    let list = [release('content', '1.0.0')];
    const loader = createFederatedLoader({ listRemotes: async () => list, rights: () => ['user'] });
    // The release's manifest does not come at first.
    server.routes = [get('/releases/content/1.0.0/mf-manifest.json', null, 503)];
    await expect(loader('content', { attempt: 0 })).rejects.toThrow('answered 503');

    // Meanwhile the person is given 2.0.0 (the watcher learnt it): Retry (attempt 1) loads 1.0.0 again.
    list = [release('content', '2.0.0')];
    loader.learn!(list, '');
    server.routes = [
      get('/releases/content/1.0.0/mf-manifest.json', manifest({ ...fittingFacts, contractVersion: REMOTE_CONTRACT_VERSION + 1 })),
    ];
    await expect(loader('content', { attempt: 1 })).rejects.toThrow('is not mounted');
    expect(server.seen).toEqual(['/releases/content/1.0.0/mf-manifest.json', '/releases/content/1.0.0/mf-manifest.json']);
    expect(loader.releases!().get('content')).toEqual(release('content', '1.0.0'));
  });

  it('should load a remote it does not hold yet at the release learnt last, for the person shown', async () => {
    let person = 'own';
    const asked: string[] = [];
    const loader = createFederatedLoader({
      listRemotes: async () => {
        asked.push(person);
        return person === 'own' ? [release('content', '1.0.0'), release('admin', '1.0.0')] : [release('content', '3.0.0')];
      },
      rights: () => ['administrator'],
      person: () => person,
    });
    // Every manifest answers 404: what matters here is which one is asked for.
    await expect(loader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    loader.learn!([release('content', '2.0.0'), release('admin', '2.0.0')], 'own');
    await expect(loader('admin', { attempt: 0 })).rejects.toThrow('answered 404');
    await expect(loader('content', { attempt: 1 })).rejects.toThrow('answered 404');
    expect(server.seen).toEqual([
      '/releases/content/1.0.0/mf-manifest.json',
      '/releases/admin/2.0.0/mf-manifest.json',
      '/releases/content/1.0.0/mf-manifest.json',
    ]);
    // Display-as: the displayed person's list is asked for; a held remote keeps its release, and a
    // remote that is not in that person's list is not loaded.
    person = 'as:7';
    await expect(loader('content', { attempt: 1 })).rejects.toThrow('answered 404');
    expect(server.seen.at(-1)).toBe('/releases/content/1.0.0/mf-manifest.json');
    expect(asked).toEqual(['own']);
    expect([...loader.releases!().values()].map((entry) => `${entry.name}@${entry.version}`)).toEqual(['content@1.0.0', 'admin@2.0.0']);
  });

  it('should hold the release a preload started with, whatever is learnt before the area loads', async () => {
    let asked = 0;
    const loader = createFederatedLoader({
      listRemotes: async () => (asked++, [release('content', '1.0.0')]),
      rights: () => ['user'],
    });
    let rightsKnown!: () => void;
    loader.preload!('content', new Promise<void>((resolve) => (rightsKnown = resolve)));
    // The list is asked at once; the manifest waits for the person's rights.
    expect(asked).toBe(1);
    expect(server.seen).toEqual([]);
    rightsKnown();
    await waitFor(() => expect(server.seen).toEqual(['/releases/content/1.0.0/mf-manifest.json']));
    loader.learn!([release('content', '2.0.0')], '');
    // The area loads what the preload checked: the same release, its manifest not read again.
    await expect(loader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(server.seen).toEqual(['/releases/content/1.0.0/mf-manifest.json']);
    expect(loader.releases!().get('content')?.version).toBe('1.0.0');
    expect(asked).toBe(1);
  });

  it("should load a remote first needed during display-as at the displayed person's release", async () => {
    let person = 'own';
    const loader = createFederatedLoader({
      listRemotes: async () => (person === 'own' ? [release('content', '1.0.0')] : [release('content', '3.0.0')]),
      rights: () => ['user'],
      person: () => person,
    });
    person = 'as:7';
    await expect(loader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(server.seen).toEqual(['/releases/content/3.0.0/mf-manifest.json']);
  });
});

describe("the scripts preloaded with a remote's module", () => {
  afterEach(() => {
    delete globalThis.__HUB_LENT_CATALOGUES__;
  });
  const withStamps = (catalogues: Record<string, string> | undefined) => ({
    ...manifest({ ...fittingFacts, catalogues }),
    exposes: [
      {
        name: 'widgets',
        assets: {
          js: { sync: ['widgets.1.js'], async: ['i18n-en-common.2.js', 'i18n-en-content.3.js', 'i18n-fr-common.4.js', 'other.5.js'] },
        },
      },
    ],
  });

  it("should leave out 'common' where the remote takes the shell's copy, and only there", () => {
    const shell = createCatalogueStore();
    shell.register({ en: { common: enCommon } });
    lendCatalogues(shell, { 'en/common': 'same', 'fr/common': 'french' });

    expect(exposedScripts(withStamps({ 'en/common': 'same' }), 'widgets', 'content', 'en')).toEqual([
      'widgets.1.js',
      'i18n-en-content.3.js',
    ]);
    // Built from other strings, or before catalogues were lent: its own.
    const own = ['widgets.1.js', 'i18n-en-common.2.js', 'i18n-en-content.3.js'];
    expect(exposedScripts(withStamps({ 'en/common': 'newer' }), 'widgets', 'content', 'en')).toEqual(own);
    expect(exposedScripts(withStamps(undefined), 'widgets', 'content', 'en')).toEqual(own);
    // The shell does not hold French yet.
    expect(exposedScripts(withStamps({ 'fr/common': 'french' }), 'widgets', 'content', 'fr')).toEqual([
      'widgets.1.js',
      'i18n-fr-common.4.js',
    ]);
  });
});
