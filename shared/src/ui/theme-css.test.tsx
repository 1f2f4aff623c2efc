import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createHubSystem, HUB_PALETTES } from './system';

describe('the stylesheet the shell is built with', () => {
  it('should hold exactly the global CSS Chakra’s provider inserts through emotion for the shell’s system', () => {
    // What emotion hands the browser, rule by rule (jsdom's own CSS parser knows no @layer, so its
    // stylesheets cannot be read back).
    const rules: string[] = [];
    const insertRule = jest.spyOn(CSSStyleSheet.prototype, 'insertRule').mockImplementation((rule: string) => rules.push(rule) - 1);
    try {
      render(
        <ChakraProvider value={createHubSystem({ preflight: true, palettes: HUB_PALETTES })}>
          <p>page</p>
        </ChakraProvider>,
      );
    } finally {
      insertRule.mockRestore();
    }
    // The stylesheet as the shell's build writes it, in Node as the build runs.
    const script = `process.stdout.write(require(${JSON.stringify(join(__dirname, '../../build/hub-theme-css.cjs'))}).hubThemeCss())`;
    const built = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 10_000_000 });
    expect(built.length).toBeGreaterThan(10_000);
    expect(built).toContain('--chakra-colors-brand-solid');
    expect(built).toContain('.dark');
    expect(built).toBe(rules.join(''));
  });
});
