import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import {
  borrowSystem,
  CHAKRA_VERSION,
  createHubSystem,
  HUB_PALETTES,
  HUB_RECIPES,
  HUB_SLOT_RECIPES,
  lendSystem,
  systemWithoutGlobals,
} from './system';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { reachableRecipeKeys } = require('../../build/chakra-recipes.cjs') as {
  reachableRecipeKeys: () => Map<string, string[]>;
};

describe('the design system', () => {
  const reached = reachableRecipeKeys();

  it('should find the recipes of the components the packages import', () => {
    // The scan itself: a Button reaches the button recipe and, through its loading state, the spinner's.
    expect(reached.get('button')).toContain('Button');
    expect(reached.has('spinner')).toBe(true);
    expect(reached.has('dialog')).toBe(true);
  });

  it('should hold the recipe of every Chakra component the packages import, so none renders unstyled', () => {
    const missing = [...reached]
      .filter(([key]) => (key in chakraRecipes && !(key in HUB_RECIPES)) || (key in chakraSlotRecipes && !(key in HUB_SLOT_RECIPES)))
      .map(([key, names]) => `${key} (reached by ${names.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('should hold no recipe that no component reaches, since every part bundles the ones it holds', () => {
    const unreached = [...Object.keys(HUB_RECIPES), ...Object.keys(HUB_SLOT_RECIPES)].filter((key) => !reached.has(key));
    expect(unreached).toEqual([]);
  });

  it('should hold Chakra’s own recipes, and give a component without a recipe of ours none', () => {
    const system = createHubSystem({ preflight: false });
    expect(system.getRecipe('button')).toEqual(chakraRecipes.button);
    expect(system.getSlotRecipe('dialog')).toEqual(chakraSlotRecipes.dialog);
    expect(system.getSlotRecipe('carousel')).toBeUndefined();
  });
});

describe('the design system the shell lends the remotes', () => {
  const shells = createHubSystem({ preflight: true, palettes: HUB_PALETTES });

  it('should be borrowed with the same Chakra version, without global styles, the same view every time', () => {
    expect(CHAKRA_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    const lent = lendSystem(shells)!;
    const view = borrowSystem(lent)!;
    expect(view).toBeDefined();
    // The shell's provider has put the reset and the theme's variables on the page: the view adds none.
    expect(shells._global.length).toBeGreaterThan(0);
    expect(view._global).toEqual([]);
    expect(view._config.disableLayers).toBe(true);
    // Everything else is the shell's own: no second build, and styles the shell computed are reused.
    expect(view.css).toBe(shells.css);
    expect(view.getRecipe('button')).toBe(shells.getRecipe('button'));
    expect(view.token('colors.purple.solid')).toBe(shells.token('colors.purple.solid'));
    expect(borrowSystem(lent)).toBe(view);
  });

  it('should make its view without reading the system’s global styles, which the builds compute only when read', () => {
    const lazy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(shells)) as typeof shells;
    Object.defineProperty(lazy, '_global', {
      get() {
        throw new Error('the global styles were computed');
      },
    });
    const view = systemWithoutGlobals(lazy);
    expect(view._global).toEqual([]);
    expect(view.css).toBe(shells.css);
    expect(systemWithoutGlobals(lazy)).toBe(view);
  });

  it('should not be borrowed from another Chakra version, nor lent when the version is unknown', () => {
    expect(borrowSystem({ chakraVersion: '0.0.1', system: shells })).toBeUndefined();
    expect(lendSystem(shells, '')).toBeUndefined();
    expect(borrowSystem(undefined)).toBeUndefined();
  });

  it('should not be borrowed when it lacks a palette or a recipe the remote needs', () => {
    const fewerPalettes = createHubSystem({ preflight: true, palettes: ['brand', 'red'] });
    expect(borrowSystem(lendSystem(fewerPalettes))).toBeUndefined();
    // A shell released before a remote that uses one more Chakra component.
    const { table: _table, ...olderSlotRecipes } = shells._config.theme!.slotRecipes!;
    const older = createSystem(defaultBaseConfig, { ...shells._config, theme: { ...shells._config.theme, slotRecipes: olderSlotRecipes } });
    expect(older.isSlotRecipe('table')).toBe(false);
    expect(borrowSystem(lendSystem(older))).toBeUndefined();
    expect(borrowSystem({ chakraVersion: CHAKRA_VERSION!, system: { not: 'a system' } })).toBeUndefined();
  });
});
