import { ACCEPTED_CONTRACT_VERSIONS, MANIFEST_FACTS_KEY, type RemoteBuildFacts, type SharedLibrary } from '@hub/shared/remote';
import { satisfiesRange } from './version-range';
import { RemoteMisfitError } from './remote-misfit';

/** What this shell offers a remote: the facts a remote's manifest must fit. */
export interface ShellOffer {
  react: string;
  reactDom: string;
  /** The versions of the other libraries the shell lends (federated-loader.ts). */
  libraries: Readonly<Partial<Record<SharedLibrary, string>>>;
  federationMajor: number;
  acceptedContracts: readonly number[];
}

export function shellOffer(react: string, reactDom: string, federationVersion: string, libraries: ShellOffer['libraries']): ShellOffer {
  return {
    react,
    reactDom,
    libraries,
    federationMajor: Number(federationVersion.split('.')[0]),
    acceptedContracts: ACCEPTED_CONTRACT_VERSIONS,
  };
}

type Manifest = { metaData?: Record<string, unknown> } | null | undefined;

/**
 * Throws a RemoteMisfitError when the facts a remote's build wrote into its mf-manifest.json
 * (`metaData.hub`, see RemoteBuildFacts) do not fit this shell: the same rules as the remotes' build
 * check (shared/build/remote-contract.cjs), checked again because a remote is released on its own.
 */
export function assertRemoteFits(name: string, manifest: Manifest, shell: ShellOffer): void {
  const facts = manifest?.metaData?.[MANIFEST_FACTS_KEY] as Partial<RemoteBuildFacts> | undefined;
  if (!facts || typeof facts.contractVersion !== 'number') {
    throw new RemoteMisfitError(name, 'unknown', [
      `Its manifest declares no contract version; the shell accepts ${shell.acceptedContracts.join(', ')}.`,
    ]);
  }
  const reasons: string[] = [];
  if (!shell.acceptedContracts.includes(facts.contractVersion)) {
    reasons.push(`It is built against contract version ${facts.contractVersion}; the shell accepts ${shell.acceptedContracts.join(', ')}.`);
  }
  const ranges: [library: string, range: string | undefined, offered: string, required: boolean][] = [
    ['react', facts.shared?.react, shell.react, true],
    ['react-dom', facts.shared?.['react-dom'], shell.reactDom, true],
  ];
  // The other shared libraries: checked only where both sides name them (a remote built before they
  // were shared carries its own copies).
  for (const library of Object.keys(shell.libraries) as SharedLibrary[]) {
    ranges.push([library, facts.shared?.[library], shell.libraries[library]!, false]);
  }
  for (const [library, range, offered, required] of ranges) {
    if (range ? !satisfiesRange(offered, range) : required)
      reasons.push(`It shares ${library} "${range ?? 'none'}", which excludes the shell's ${library} ${offered}.`);
  }
  if (facts.federationMajor !== shell.federationMajor) {
    reasons.push(`It is built with Module Federation ${facts.federationMajor ?? '?'}.x; the shell runs ${shell.federationMajor}.x.`);
  }
  if (reasons.length > 0) throw new RemoteMisfitError(name, facts.build?.stamp ?? 'unknown', reasons);
}
