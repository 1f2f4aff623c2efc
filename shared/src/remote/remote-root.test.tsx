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

describe('RemoteRoot’s error boundary', () => {
  it('should tell the shell of a render error it caught, and show the section as unavailable', async () => {
    function Broken(): never {
      throw new TypeError('broken page');
    }
    const reported: unknown[] = [];
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RemoteRoot props={makeRemoteProps('content', { reportError: (error) => reported.push(error) })} namespace="content">
        <Broken />
      </RemoteRoot>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable');
    expect(reported).toEqual([expect.any(TypeError)]);
    quiet.mockRestore();
  });

  it("should show its fallback all the same when the shell's reportError throws", async () => {
    function Broken(): never {
      throw new Error('broken page');
    }
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RemoteRoot
        props={makeRemoteProps('content', {
          reportError: () => {
            throw new Error('reporting failed');
          },
        })}
        namespace="content"
      >
        <Broken />
      </RemoteRoot>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable');
    quiet.mockRestore();
  });
});
