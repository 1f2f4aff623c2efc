import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { createHubSystem } from '@hub/shared/ui';
import type { ReactNode } from 'react';

// The shell is the one part that applies Chakra's global reset (preflight); remotes do not.
// Made on first render rather than when the chunk loads: building the system is the largest single
// piece of work of a signed-in page, and this keeps it out of the task that evaluates the chunk.
let system: SystemContext | undefined;
/** The colour palettes the shell's own screens use (colorPalette=…); remotes build their own, complete systems. */
const SHELL_PALETTES = ['brand', 'orange', 'red', 'green'];

export function ChakraRoot({ children }: { children: ReactNode }) {
  system ??= createHubSystem({ preflight: true, palettes: SHELL_PALETTES });
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
