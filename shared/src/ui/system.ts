import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import type { HUB_RECIPE_NAMES, HUB_SLOT_RECIPE_NAMES } from './system-lending';

// What a remote needs to borrow the shell's system (system-lending.ts) is apart from what builds one
// (this module): a remote in the portal borrows, and fetches this module's chunk only when it cannot.
export * from './system-lending';

/**
 * Chakra's default theme with only the recipes our code can reach. Every part (the shell, each
 * remote) bundles its own copy of the design system, and Chakra's whole set of recipes was about
 * half of it (117 of 247 kB minified in the shell's chunk). A component whose recipe is missing
 * renders unstyled rather than failing, so `system.test.ts` checks this list against the components
 * the packages import (`shared/build/chakra-recipes.cjs`): a new Chakra component adds its recipe here.
 */
export const HUB_RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
} satisfies Record<(typeof HUB_RECIPE_NAMES)[number], unknown>;
export const HUB_SLOT_RECIPES = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  progressCircle: progressCircleSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
} satisfies Record<(typeof HUB_SLOT_RECIPE_NAMES)[number], unknown>;

/** Chakra's `defaultThemeConfig`, but for the recipes. */
const themeConfig: SystemConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: HUB_RECIPES,
    slotRecipes: HUB_SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The theme of docs/product.md §9: a light blue primary with a dark blue variant. */
const hubConfig = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e3f4fd' },
          100: { value: '#b9e3fa' },
          200: { value: '#8bd1f7' },
          300: { value: '#5dbef3' },
          400: { value: '#38aff0' },
          500: { value: '#0f9fe8' },
          600: { value: '#0c86c7' },
          700: { value: '#0a6aa0' },
          800: { value: '#0b4f7a' },
          900: { value: '#0a365a' },
          950: { value: '#07233c' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // brand.700: white text on it reaches 4.5:1 (brand.600 gave 3.99:1, axe color-contrast).
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
      },
    },
  },
});

/**
 * The design system every part renders with. Chakra's preflight (a global CSS reset) restyles
 * the whole page, so only the shell applies it; a mounted remote passes `preflight: false`
 * and a remote running alone applies it itself.
 */
export function createHubSystem(options: { preflight: boolean; palettes?: readonly string[] }): SystemContext {
  return createSystem(...hubSystemConfigs(options));
}

/** What createHubSystem gives Chakra's createSystem (exported for system-steps.test.ts). */
export function hubSystemConfigs(options: { preflight: boolean; palettes?: readonly string[] }): SystemConfig[] {
  // Chakra's defaultConfig is these two merged; importing it would also evaluate the module that
  // builds Chakra's own default system at load, a system we never use, at the cost of building one
  // (docs/journal/2026-11-23-home-widgets-light-layout.md).
  const theme = options.palettes ? withPalettes(themeConfig, options.palettes) : themeConfig;
  return [defaultBaseConfig, theme, hubConfig, defineConfig({ preflight: options.preflight })];
}

type SystemSteps = (...configs: SystemConfig[]) => Generator<void, SystemContext, void>;

/**
 * The same system as createHubSystem, built over several tasks: `between` is awaited between the
 * parts of the work (on a phone, one long task becomes several under the 50 ms that count as
 * blocking, between which the page still answers a tap: docs/journal/2026-11-27-start-up-in-steps.md). The builds add `createSystem.steps`, Chakra's own code paused
 * between its parts (shared/build/chakra-system-loader.cjs); where it is absent (tests, which run
 * Chakra unbuilt), the system is built at once.
 */
export async function createHubSystemInSteps(
  options: { preflight: boolean; palettes?: readonly string[] },
  between: () => Promise<void>,
): Promise<SystemContext> {
  const steps = (createSystem as typeof createSystem & { steps?: SystemSteps }).steps;
  if (!steps) return createHubSystem(options);
  const building = steps(...hubSystemConfigs(options));
  for (let step = building.next(); ; step = building.next()) {
    if (step.done) return step.value;
    await between();
  }
}

/** Colours every system keeps: the neutral scale and what the semantic bg, fg and border are made of. */
const BASE_COLOURS = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', 'gray', 'bg', 'fg', 'border'];

/**
 * The default theme with only some colour palettes: building a system costs CPU per token (about
 * 40 % less with six palettes than with Chakra's eleven), and the shell's own screens use few.
 */
function withPalettes(config: SystemConfig, palettes: readonly string[]): SystemConfig {
  const keep = new Set([...BASE_COLOURS, ...palettes]);
  const pick = <T extends object | undefined>(colours: T): T =>
    (colours ? Object.fromEntries(Object.entries(colours).filter(([name]) => keep.has(name))) : colours) as T;
  const theme = config.theme ?? {};
  return {
    ...config,
    theme: {
      ...theme,
      tokens: { ...theme.tokens, colors: pick(theme.tokens?.colors) },
      semanticTokens: { ...theme.semanticTokens, colors: pick(theme.semanticTokens?.colors) },
    },
  };
}
