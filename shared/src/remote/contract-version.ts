/**
 * The version of the host-to-remote contract: `RemoteProps`, `MountProps`, the lifecycles of `./app`
 * and `./widgets` (contract.ts, widgets.tsx).
 *
 * Bump it (an integer, +1) with any incompatible change of that contract: a prop removed, renamed or
 * retyped, a prop made required that remotes must now read, a lifecycle added, removed or called
 * differently. An additive, optional prop does not need a bump. Each remote's build writes the
 * version it was built against into its manifest; the shell mounts only the versions it accepts.
 *
 * The remotes' build (shared/build/remote-contract.cjs) reads this line as written: keep it a literal.
 */
export const REMOTE_CONTRACT_VERSION = 1;

/** The contract versions a shell built from this tree mounts. */
export const ACCEPTED_CONTRACT_VERSIONS: readonly number[] = [REMOTE_CONTRACT_VERSION];

/** Where a remote's build puts its facts in its mf-manifest.json: `metaData.hub`. */
export const MANIFEST_FACTS_KEY = 'hub';

/**
 * The libraries shared besides React, which the shell lends like React (shared/build/remote-contract.cjs,
 * SHARED_LIBRARIES; docs/architecture.md, run time point 4).
 */
export type SharedLibrary = 'i18next' | 'single-spa-react';

/** What a remote's build declares about itself in its manifest (`metaData.hub`). */
export interface RemoteBuildFacts {
  /** The REMOTE_CONTRACT_VERSION the remote was built against. */
  contractVersion: number;
  /**
   * The version ranges it shares React and the other libraries with. A remote built before those
   * were shared names only React's: it carries its own copies of the others.
   */
  shared: { react: string; 'react-dom': string } & Partial<Record<SharedLibrary, string>>;
  /** The Module Federation major version it was built with (it runs on the shell's runtime). */
  federationMajor: number;
  /** The remote's package version and build time: `0.1.0+2026-11-23T23:59:00.000Z`. */
  build: { version: string; time: string; stamp: string };
  /**
   * A stamp of the source of each catalogue it may take from the shell instead of its own
   * (`en/common` → a hash): the shell does not preload those it lends with the same stamp. A remote
   * built before catalogues were lent names none.
   */
  catalogues?: Record<string, string>;
}
