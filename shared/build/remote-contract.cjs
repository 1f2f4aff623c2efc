// The remote's side of the host-to-remote contract at build time, so that a remote can be released
// without the shell: each remote's manifest
// declares the facts the shell checks before mounting it (contract version, the ranges of the shared
// libraries, federation major, build stamp), and the build fails with a plain message when those facts
// do not fit the shell.
const fs = require('node:fs');
const path = require('node:path');
const { satisfy } = require('@module-federation/runtime-core');
const { catalogueStamps } = require('./catalogue-stamps.cjs');

const CONTRACT_SOURCE = path.join(__dirname, '..', 'src', 'remote', 'contract-version.ts');
const SHELL_DIR = path.join(__dirname, '..', '..', 'shell');

/** REMOTE_CONTRACT_VERSION as written in @hub/shared/remote (contract-version.ts). */
function contractVersion(source = fs.readFileSync(CONTRACT_SOURCE, 'utf8')) {
  const match = /export const REMOTE_CONTRACT_VERSION = (\d+);/.exec(source);
  if (!match) throw new Error(`REMOTE_CONTRACT_VERSION is not a literal integer in ${CONTRACT_SOURCE}`);
  return Number(match[1]);
}

/** The package.json of a dependency as installed for `fromDir` (works for packages that do not export it). */
function installedPackage(name, fromDir) {
  let dir = path.dirname(require.resolve(name, { paths: [fromDir] }));
  while (!fs.existsSync(path.join(dir, 'package.json')) || readJson(path.join(dir, 'package.json')).name !== name) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json found for ${name} from ${fromDir}`);
    dir = parent;
  }
  return readJson(path.join(dir, 'package.json'));
}
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
const major = (version) => Number(String(version).split('.')[0]);

/**
 * The libraries shared besides React, as the code imports them: singletons the shell lends like React
 * (docs/architecture.md, run time point 4). Their ranges are checked only where both sides name them:
 * a remote built before they were shared carries its own copies, and a shell that does not lend them
 * leaves each remote its own (shareStrategy 'loaded-first').
 *
 * A library is lent whole, so the shell's copy loses its tree-shaking: i18next costs the shell 0.4 kB
 * gzip and saves each remote's page 15 kB (measured 2026-11-27). React Router and react-i18next lent
 * whole (from the federation chunk, beside the shell's own tree-shaken copies) would add 66 and 12 kB
 * to a remote's page to save 12.5 and 2; lent by name they would win, once the contract checks the
 * names (docs/decisions/0013-router-lent-only-by-name.md; measured 2026-12-08). single-spa-react
 * costs the shell's federation chunk 2.3 kB and saves as much on each remote's page, three times on
 * /home (measured 2026-11-28).
 */
const SHARED_LIBRARIES = ['i18next', 'single-spa-react'];

/**
 * What the shell offers: its React version, the versions of the other libraries it lends, its
 * federation runtime's major, the contract versions it accepts. A team building a remote outside this
 * tree points HUB_SHELL_FACTS at a JSON file of the same shape, published with the shell it targets
 * (one published before the libraries were shared names none: nothing of theirs is checked then).
 */
function shellOffer() {
  if (process.env.HUB_SHELL_FACTS) return readJson(process.env.HUB_SHELL_FACTS);
  return {
    react: installedPackage('react', SHELL_DIR).version,
    reactDom: installedPackage('react-dom', SHELL_DIR).version,
    libraries: Object.fromEntries(SHARED_LIBRARIES.map((name) => [name, installedPackage(name, SHELL_DIR).version])),
    federationMajor: major(installedPackage('@module-federation/runtime-core', SHELL_DIR).version),
    acceptedContracts: [contractVersion()],
  };
}

/**
 * The facts a remote declares in its manifest (`metaData.hub`, see RemoteBuildFacts); `shared` holds
 * the ranges of react, react-dom and the SHARED_LIBRARIES.
 */
function remoteFacts({ dir, shared, contract = contractVersion(), time = new Date().toISOString() }) {
  const version = readJson(path.join(dir, 'package.json')).version;
  return {
    contractVersion: contract,
    shared: Object.fromEntries(
      ['react', 'react-dom', ...SHARED_LIBRARIES].filter((name) => shared[name]).map((name) => [name, shared[name]]),
    ),
    federationMajor: major(installedPackage('@module-federation/enhanced', dir).version),
    build: { version, time, stamp: `${version}+${time}` },
    catalogues: catalogueStamps(),
  };
}

/** Plain sentences saying why a remote built with `facts` does not fit `shell`; empty when it fits. */
function misfits(name, facts, shell) {
  const found = [];
  const ranges = [
    ['react', shell.react, true],
    ['react-dom', shell.reactDom, true],
    // The other shared libraries: checked only where both sides name them (SHARED_LIBRARIES).
    ...Object.entries(shell.libraries ?? {}).map(([library, offered]) => [library, offered, false]),
  ];
  for (const [library, offered, required] of ranges) {
    const range = facts.shared[library];
    if (range ? !satisfy(offered, range) : required) {
      found.push(
        `The remote "${name}" shares ${library} with the range "${range}", which does not include the shell's ${library} ${offered}.`,
      );
    }
  }
  if (facts.federationMajor !== shell.federationMajor) {
    found.push(
      `The remote "${name}" is built with Module Federation ${facts.federationMajor}.x, but the shell runs Module Federation ${shell.federationMajor}.x.`,
    );
  }
  if (!shell.acceptedContracts.includes(facts.contractVersion)) {
    found.push(
      `The remote "${name}" is built against contract version ${facts.contractVersion}, but the shell accepts ${shell.acceptedContracts.join(', ')}.`,
    );
  }
  return found;
}

/**
 * Writes the shell's offer as hub-shell.json into the shell's build, served at /hub-shell.json: a team
 * building a remote outside this tree downloads it and points HUB_SHELL_FACTS at it.
 */
class ShellOfferPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ShellOfferPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShellOfferPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(SHELL_OFFER_FILE, new compiler.webpack.sources.RawSource(JSON.stringify(shellOffer(), null, 2)));
        },
      );
    });
  }
}
const SHELL_OFFER_FILE = 'hub-shell.json';

/** Fails the remote's build with the misfits, one error each, before anything is emitted. */
class RemoteContractPlugin {
  constructor({ name, facts, shell = shellOffer() }) {
    this.name = name;
    this.facts = facts;
    this.shell = shell;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemoteContractPlugin', (compilation) => {
      for (const message of misfits(this.name, this.facts, this.shell)) {
        const error = new compiler.webpack.WebpackError(`Remote contract: ${message}`);
        error.hideStack = true;
        compilation.errors.push(error);
      }
    });
  }
}

module.exports = {
  contractVersion,
  installedPackage,
  shellOffer,
  remoteFacts,
  misfits,
  RemoteContractPlugin,
  ShellOfferPlugin,
  SHARED_LIBRARIES,
  MANIFEST_FACTS_KEY: 'hub',
};
