import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { createHubSystem, HUB_PALETTES, lendSystem, type LentDesignSystem } from '@hub/shared/ui';
import type { ReactNode } from 'react';

// The shell is the one part that applies Chakra's global reset (preflight); remotes do not.
// Made on first render rather than when the chunk loads: building the system is the largest single
// piece of work of a signed-in page, and this keeps it out of the task that evaluates the chunk.
// It holds every palette the remotes use, since it is lent to them (lentSystem, below).
let system: SystemContext | undefined;
let lent: LentDesignSystem | undefined;

function shellSystem(): SystemContext {
  system ??= createHubSystem({ preflight: true, palettes: HUB_PALETTES });
  return system;
}

/**
 * The shell's system as lent to the remotes it mounts (RemoteProps.designSystem), so a remote's page
 * builds one system, not two; the same object every time.
 */
export function lentSystem(): LentDesignSystem | undefined {
  lent ??= lendSystem(shellSystem());
  return lent;
}

export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={shellSystem()}>{children}</ChakraProvider>;
}
