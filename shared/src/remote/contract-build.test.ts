/**
 * @jest-environment node
 */
// The remotes' build-time contract check (shared/build/remote-contract.cjs): a real webpack build of a
// tiny remote made with the shared createRemoteConfig, as each remote's `npm run build` makes it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import webpack, { type Configuration, type Stats } from 'webpack';
import { REMOTE_CONTRACT_VERSION } from './contract-version';

type ConfigFactory = (env: unknown, argv: { mode?: string }) => Configuration[];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRemoteConfig } = require('../../build/webpack.cjs') as {
  createRemoteConfig: (options: { dir: string; name: string; port: number; sharedRanges?: Record<string, string> }) => ConfigFactory;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const contract = require('../../build/remote-contract.cjs') as {
  contractVersion: () => number;
  shellOffer: () => {
    react: string;
    reactDom: string;
    libraries: Record<string, string>;
    federationMajor: number;
    acceptedContracts: number[];
  };
  misfits: (name: string, facts: unknown, shell: unknown) => string[];
  installedPackage: (name: string, fromDir: string) => { version: string };
};

const fixture = join(__dirname, '..', '..', 'build', 'fixture-remote');
const output = mkdtempSync(join(tmpdir(), 'hub-remote-contract-'));
afterAll(() => rmSync(output, { recursive: true, force: true }));

function build(sharedRanges: Record<string, string>, folder: string): Promise<Stats> {
  const [remote] = createRemoteConfig({ dir: fixture, name: 'fixture', port: 0, sharedRanges })(undefined, { mode: 'development' });
  const config: Configuration = { ...remote!, devtool: false, output: { ...remote!.output, path: join(output, folder), clean: false } };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => (error || !stats ? reject(error ?? new Error('no stats')) : resolve(stats)));
  });
}

describe('the remote build contract check', () => {
  it('should read the contract version of @hub/shared/remote as the shell accepts it', () => {
    expect(contract.contractVersion()).toBe(REMOTE_CONTRACT_VERSION);
    expect(contract.shellOffer().acceptedContracts).toContain(REMOTE_CONTRACT_VERSION);
  });

  it('should fail the build of a remote whose react range excludes the shell React, with a plain message', async () => {
    const shellReact = contract.shellOffer().react;
    const stats = await build({ react: '^18.2.0' }, 'old-react');
    expect(stats.hasErrors()).toBe(true);
    const messages = stats.toJson({ all: false, errors: true }).errors!.map((error) => error.message);
    expect(messages).toContain(
      `Remote contract: The remote "fixture" shares react with the range "^18.2.0", which does not include the shell's react ${shellReact}.`,
    );
  });

  it('should fail the build of a remote whose i18next range excludes the shell i18next, with a plain message', async () => {
    const shellI18next = contract.shellOffer().libraries.i18next!;
    const stats = await build({ i18next: '^25.0.0' }, 'old-i18next');
    const messages = stats.toJson({ all: false, errors: true }).errors!.map((error) => error.message);
    expect(messages).toEqual([
      `Remote contract: The remote "fixture" shares i18next with the range "^25.0.0", which does not include the shell's i18next ${shellI18next}.`,
    ]);
  });

  it('should build a fitting remote and write its facts into the manifest', async () => {
    const stats = await build({}, 'fits');
    expect(stats.toJson({ all: false, errors: true }).errors).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(output, 'fits', 'mf-manifest.json'), 'utf8')) as {
      metaData: { hub: { contractVersion: number; shared: Record<string, string>; federationMajor: number; build: { stamp: string } } };
    };
    const i18nextMajor = contract.shellOffer().libraries.i18next!.split('.')[0];
    expect(manifest.metaData.hub).toMatchObject({
      contractVersion: REMOTE_CONTRACT_VERSION,
      shared: { react: '^19.0.0', 'react-dom': '^19.0.0', i18next: `^${i18nextMajor}.0.0` },
      federationMajor: contract.shellOffer().federationMajor,
      // The stamps of the catalogues it may take from the shell, which the shell then does not preload.
      catalogues: { 'en/common': expect.stringMatching(/^[0-9a-f]{16}$/), 'fr/common': expect.stringMatching(/^[0-9a-f]{16}$/) },
    });
    expect(manifest.metaData.hub.build.stamp).toMatch(/^9\.9\.9\+\d{4}-\d\d-\d\dT/);
  });

  it("should take the page's webpack bundler runtime, of the version the federation plugin is made for", async () => {
    const stats = await build({}, 'lent-bundler-runtime');
    expect(stats.toJson({ all: false, errors: true }).errors).toEqual([]);
    const entry = readFileSync(join(output, 'lent-bundler-runtime', 'remoteEntry.js'), 'utf8');
    expect(entry).toContain('globalThis._HUB_FEDERATION_BUNDLER_RUNTIME');
    // None of the bundler runtime's own code is in the remote's entry (two of its messages).
    expect(entry).not.toContain('initOptions is required!');
    expect(entry).not.toContain('tree-shake-plugin');
    // The shell lends the copy the remotes' federation plugin would otherwise have put there.
    const plugin = dirname(require.resolve('@module-federation/enhanced/webpack', { paths: [fixture] }));
    const lent = contract.installedPackage('@module-federation/webpack-bundler-runtime', join(__dirname, '..', '..', '..', 'shell'));
    expect(lent.version).toBe(contract.installedPackage('@module-federation/webpack-bundler-runtime', plugin).version);
  });

  it('should check against the shell facts HUB_SHELL_FACTS points at, for a remote built outside this tree', async () => {
    const offer = { ...contract.shellOffer(), react: '18.3.1', reactDom: '18.3.1' };
    const file = join(output, 'hub-shell.json');
    writeFileSync(file, JSON.stringify(offer));
    process.env.HUB_SHELL_FACTS = file;
    try {
      const stats = await build({}, 'older-shell');
      const messages = stats.toJson({ all: false, errors: true }).errors!.map((error) => error.message);
      expect(messages).toContain(
        `Remote contract: The remote "fixture" shares react with the range "^19.0.0", which does not include the shell's react 18.3.1.`,
      );
    } finally {
      delete process.env.HUB_SHELL_FACTS;
    }
  });

  it('should check a shared library only where both the remote and the shell name it', () => {
    const shell = contract.shellOffer();
    const react = { react: '^19.0.0', 'react-dom': '^19.0.0' };
    const facts = (shared: Record<string, string>) => ({
      contractVersion: REMOTE_CONTRACT_VERSION,
      shared,
      federationMajor: shell.federationMajor,
    });
    // A remote built before i18next was shared carries its own copy.
    expect(contract.misfits('content', facts(react), shell)).toEqual([]);
    // A shell published before it was shared (its hub-shell.json names no libraries) lends none.
    const { libraries: _none, ...olderShell } = shell;
    expect(contract.misfits('content', facts({ ...react, i18next: '^25.0.0' }), olderShell)).toEqual([]);
    expect(contract.misfits('content', facts({ ...react, i18next: '^25.0.0' }), shell)).toEqual([
      `The remote "content" shares i18next with the range "^25.0.0", which does not include the shell's i18next ${shell.libraries.i18next}.`,
    ]);
  });

  it('should name a newer contract and another federation major as misfits', () => {
    const shell = contract.shellOffer();
    const facts = {
      contractVersion: REMOTE_CONTRACT_VERSION + 1,
      shared: { react: '^19.0.0', 'react-dom': '^19.0.0' },
      federationMajor: shell.federationMajor + 1,
    };
    expect(contract.misfits('content', facts, shell)).toEqual([
      `The remote "content" is built with Module Federation ${shell.federationMajor + 1}.x, but the shell runs Module Federation ${shell.federationMajor}.x.`,
      `The remote "content" is built against contract version ${REMOTE_CONTRACT_VERSION + 1}, but the shell accepts ${REMOTE_CONTRACT_VERSION}.`,
    ]);
  });
});
