import { useChakraContext } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { createHubSystem, HUB_PALETTES, lendSystem } from '../ui/system';
import { RemoteRoot } from './remote-root';
import { makeRemoteProps } from './test-props';

function SystemProbe({ onSystem }: { onSystem: (system: ReturnType<typeof useChakraContext>) => void }) {
  onSystem(useChakraContext());
  return <p>mounted</p>;
}

describe('RemoteRoot’s design system', () => {
  const shellSystem = createHubSystem({ preflight: true, palettes: HUB_PALETTES });

  it('should render with the system the shell lends, adding no global styles of its own', async () => {
    let used: ReturnType<typeof useChakraContext> | undefined;
    const props = makeRemoteProps('content', { designSystem: lendSystem(shellSystem) });
    render(
      <RemoteRoot props={props} namespace="content">
        <SystemProbe onSystem={(system) => (used = system)} />
      </RemoteRoot>,
    );
    await screen.findByText('mounted');
    expect(used?.css).toBe(shellSystem.css);
    expect(used?._global).toEqual([]);
  });

  it('should build its own when the shell lends none, or one that does not fit', async () => {
    const seen: ReturnType<typeof useChakraContext>[] = [];
    const unfit = lendSystem(createHubSystem({ preflight: true, palettes: ['brand'] }));
    for (const designSystem of [undefined, unfit]) {
      const { unmount } = render(
        <RemoteRoot props={makeRemoteProps('content', { designSystem })} namespace="content">
          <SystemProbe onSystem={(system) => seen.push(system)} />
        </RemoteRoot>,
      );
      await screen.findByText('mounted');
      unmount();
    }
    for (const system of seen) {
      expect(system.css).not.toBe(shellSystem.css);
      expect(system._config.preflight).toBe(false);
      expect(system.token('colors.purple.solid')).toBeDefined();
    }
  });
});
