import { ChakraProvider } from '@chakra-ui/react';
import { createHubSystem } from '@hub/shared/ui';
import type { ReactNode } from 'react';

// The shell is the one part that applies Chakra's global reset (preflight); remotes do not.
const system = createHubSystem({ preflight: true });

export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
