import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import {
  createHubSystem,
  createHubSystemInSteps,
  HUB_PALETTES,
  lendSystem,
  systemWithoutGlobals,
  type LentDesignSystem,
} from '@hub/shared/ui';
import type { ReactNode } from 'react';

// The shell is the one part that applies Chakra's global reset (preflight); remotes do not.
// Made on first render rather than when the chunk loads: building the system is the largest single
// piece of work of a signed-in page, and this keeps it out of the task that evaluates the chunk.
// It holds every palette the remotes use, since it is lent to them (lentSystem, below).
let system: SystemContext | undefined;
let provided: SystemContext | undefined;
let lent: LentDesignSystem | undefined;

function shellSystem(): SystemContext {
  system ??= createHubSystem({ preflight: true, palettes: HUB_PALETTES });
  return system;
}

/**
 * Builds the shell's system ahead of the first render, over several short tasks (app.tsx, while the
 * signed-in page waits for it), so that no render, and no single task, holds it.
 */
export async function prepareShellSystem(between: () => Promise<void>): Promise<void> {
  if (!system) {
    const built = await createHubSystemInSteps({ preflight: true, palettes: HUB_PALETTES }, between);
    system ??= built;
  }
}

/** The page's link to the design system's global stylesheet (src/index.html), once it has loaded. */
function loadedThemeStylesheet(): HTMLLinkElement | null {
  const link = document.getElementById('hub-theme');
  return link instanceof HTMLLinkElement && link.sheet ? link : null;
}

/**
 * The system the provider is given. The global CSS (the reset, the global styles, every token's CSS
 * variable) comes from the stylesheet the build wrote, put in force here, so the provider adds none and
 * the browser never computes it. Should the stylesheet not have loaded (it is fetched with the page,
 * so only on a failed request), the provider computes and inserts it, as it does by default.
 */
function providedSystem(): SystemContext {
  if (!provided) {
    const stylesheet = loadedThemeStylesheet();
    if (stylesheet) {
      stylesheet.media = 'all';
      provided = systemWithoutGlobals(shellSystem());
    } else {
      provided = shellSystem();
    }
  }
  return provided;
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
  return <ChakraProvider value={providedSystem()}>{children}</ChakraProvider>;
}
