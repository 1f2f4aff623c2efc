import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { createHubSystem, HUB_RECIPES, HUB_SLOT_RECIPES } from './system';

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
