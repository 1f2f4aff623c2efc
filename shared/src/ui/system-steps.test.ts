/**
 * @jest-environment node
 */
// createHubSystemInSteps on Chakra as the builds change it (shared/build/chakra-system-loader.cjs and
// chakra-token-dictionary-loader.cjs): system.ts built by webpack with the builds' own rules, then run
// in Node. Built in steps, or at once by the changed createSystem, the system must be the very system
// Chakra's own, unchanged createSystem builds from the same configs: same tokens, same CSS, same
// recipes. The loaders must refuse a Chakra that no longer reads as they expect.
import { createSystem as chakraCreateSystem } from '@chakra-ui/react';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import type * as SystemModule from './system';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { baseConfig } = require('../../build/webpack.cjs') as {
  baseConfig: (options: { dir: string; mode: string; port: number; chakraSteps?: boolean }) => Configuration;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const systemLoader = require('../../build/chakra-system-loader.cjs') as (
  this: { getOptions: () => { steps: boolean } },
  source: string,
) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dictionaryLoader = require('../../build/chakra-token-dictionary-loader.cjs') as (source: string) => string;

const packageDir = join(__dirname, '..', '..');
const output = mkdtempSync(join(tmpdir(), 'hub-system-steps-'));
afterAll(() => rmSync(output, { recursive: true, force: true }));

let built: typeof SystemModule;

beforeAll(async () => {
  const base = baseConfig({ dir: packageDir, mode: 'production', port: 0, chakraSteps: true });
  const config: Configuration = {
    mode: 'production',
    context: packageDir,
    target: 'node',
    entry: './src/ui/system.ts',
    resolve: base.resolve,
    module: { rules: (base.module!.rules as RuleSetRule[]).slice() },
    plugins: [new webpack.DefinePlugin({ __CHAKRA_VERSION__: JSON.stringify('test') })],
    externals: { react: 'commonjs react', 'react-dom': 'commonjs react-dom', 'react/jsx-runtime': 'commonjs react/jsx-runtime' },
    optimization: { minimize: false },
    output: { path: output, filename: 'system.cjs', library: { type: 'commonjs2' } },
  };
  await new Promise<void>((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error || !stats) reject(error ?? new Error('no stats'));
      else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  built = require(join(output, 'system.cjs')) as typeof SystemModule;
}, 120_000);

describe('createHubSystemInSteps, built', () => {
  it('should build, over several pauses or at once, the very system unchanged Chakra builds', async () => {
    const options = { preflight: true, palettes: built.HUB_PALETTES };
    let pauses = 0;
    const stepped = await built.createHubSystemInSteps(options, async () => {
      pauses += 1;
    });
    const atOnce = built.createHubSystem(options);
    const reference = chakraCreateSystem(...built.hubSystemConfigs(options));
    expect(pauses).toBeGreaterThanOrEqual(6);
    const same = (read: (system: typeof reference) => unknown) => {
      const expected = JSON.stringify(read(reference));
      expect(JSON.stringify(read(stepped))).toBe(expected);
      expect(JSON.stringify(read(atOnce))).toBe(expected);
    };
    same((system) => system.tokens.allTokens.map((token) => [token.name, token.value, token.extensions.condition]));
    same((system) => system._global);
    same((system) => system.getTokenCss());
    same((system) => [...system.properties]);
    same((system) => system.css({ color: 'brand.solid', p: '4', bg: { base: 'bg.muted', _dark: 'gray.900' }, md: { px: '8' } }));
    same((system) => system.getSlotRecipeFn('dialog')({ size: 'md' }));
    same((system) => system.getRecipeFn('button')({ variant: 'solid', colorPalette: 'brand' } as never));
    expect(stepped.token('colors.brand.solid')).toBe('var(--chakra-colors-brand-solid)');
  });

  it('should leave _global uncomputed until read', () => {
    const source = readFileSync(join(output, 'system.cjs'), 'utf8');
    expect(source).toContain('get _global()');
  });
});

describe('the Chakra loaders', () => {
  it('should refuse a createSystem or a token dictionary that no longer reads as expected', () => {
    const withSteps = { getOptions: () => ({ steps: true }) };
    expect(() => systemLoader.call(withSteps, 'function createSystem(...configs) {\n  return {};\n}\n')).toThrow(
      /no longer reads as this loader expects/,
    );
    expect(() => dictionaryLoader('function createTokenDictionary(options) {\n  return {};\n}\n')).toThrow(
      /no longer reads as this loader expects/,
    );
  });
});
