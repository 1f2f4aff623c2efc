import { REMOTE_CONTRACT_VERSION } from '@hub/shared/remote';
import * as I18next from 'i18next';
import React from 'react';
import { sharedModules } from './federated-loader';
import { lentWithFederation } from './federation-runtime';
import { assertRemoteFits, shellOffer } from './remote-fit';
import { RemoteMisfitError } from './remote-misfit';

// The shell's run-time check of a remote's manifest facts, and what the shell lends: the rules of the
// remotes' build check (shared/build/remote-contract.cjs, tested by shared's contract-build.test.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('@hub/shared/build/webpack') as { SHARED_SINGLETONS: string[]; SHARED_RANGES: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const i18nextVersion = (require('i18next/package.json') as { version: string }).version;

const shell = shellOffer(React.version, React.version, '2.9.2', { i18next: i18nextVersion });
const reactRange = `^${React.version.split('.')[0]}.0.0`;
const i18nextRange = `^${i18nextVersion.split('.')[0]}.0.0`;
const manifest = (shared: Record<string, string>) => ({
  metaData: {
    hub: {
      contractVersion: REMOTE_CONTRACT_VERSION,
      shared,
      federationMajor: 2,
      build: { version: '0.2.0', time: '2026-11-27T10:00:00.000Z', stamp: '0.2.0+2026-11-27T10:00:00.000Z' },
    },
  },
});
const reasons = (shared: Record<string, string>, offer = shell) => {
  try {
    assertRemoteFits('content', manifest(shared), offer);
    return [];
  } catch (error) {
    if (error instanceof RemoteMisfitError) return error.reasons;
    throw error;
  }
};

describe('the remote fit check', () => {
  it('should let through a remote that shares React and i18next within the ranges of the shell', () => {
    expect(reasons({ react: reactRange, 'react-dom': reactRange, i18next: i18nextRange })).toEqual([]);
  });

  it('should let through a remote built before i18next was shared, which carries its own copy', () => {
    expect(reasons({ react: reactRange, 'react-dom': reactRange })).toEqual([]);
  });

  it('should refuse a remote whose i18next range excludes the shell i18next', () => {
    expect(reasons({ react: reactRange, 'react-dom': reactRange, i18next: '^25.0.0' })).toEqual([
      `It shares i18next "^25.0.0", which excludes the shell's i18next ${i18nextVersion}.`,
    ]);
  });

  it('should not check the range of a library the shell does not lend', () => {
    const lendsNone = shellOffer(React.version, React.version, '2.9.2', {});
    expect(reasons({ react: reactRange, 'react-dom': reactRange, i18next: '^25.0.0' }, lendsNone)).toEqual([]);
  });

  it('should still require the React ranges', () => {
    expect(reasons({ i18next: i18nextRange })).toEqual([
      `It shares react "none", which excludes the shell's react ${React.version}.`,
      `It shares react-dom "none", which excludes the shell's react-dom ${React.version}.`,
    ]);
  });
});

describe('what the shell lends', () => {
  it('should lend every module the remotes share, with the ranges they are built with', () => {
    const lent = sharedModules(lentWithFederation);
    expect(Object.keys(lent).sort()).toEqual([...build.SHARED_SINGLETONS].sort());
    for (const [name, share] of Object.entries(lent)) {
      expect(share.shareConfig).toEqual({ singleton: true, requiredVersion: build.SHARED_RANGES[name] });
    }
  });

  it('should lend its own i18next whole, at its installed version', () => {
    const { i18next } = sharedModules(lentWithFederation) as Record<string, { version: string; lib: () => unknown }>;
    expect(i18next!.version).toBe(i18nextVersion);
    // The module as the shell's own code has it (its default instance is the very same object).
    expect((i18next!.lib() as typeof I18next).default).toBe(I18next.default);
    expect((i18next!.lib() as typeof I18next).createInstance).toBeInstanceOf(Function);
  });

  it('should lend single-spa-react whole from the federation chunk, at its installed version', () => {
    const lent = sharedModules(lentWithFederation) as Record<string, { version: string; lib: () => unknown }>;
    const singleSpaReact = lent['single-spa-react']!;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(singleSpaReact.version).toBe((require('single-spa-react/package.json') as { version: string }).version);
    expect((singleSpaReact.lib() as { default: unknown }).default).toBeInstanceOf(Function);
  });
});
