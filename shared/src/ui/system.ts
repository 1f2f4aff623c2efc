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
};
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
};

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
  // builds Chakra's own default system at load (measured: ~75 ms of CPU, ~300 ms under Lighthouse's
  // mobile throttling), a system we never use.
  const theme = options.palettes ? withPalettes(themeConfig, options.palettes) : themeConfig;
  return [defaultBaseConfig, theme, hubConfig, defineConfig({ preflight: options.preflight })];
}

type SystemSteps = (...configs: SystemConfig[]) => Generator<void, SystemContext, void>;

/**
 * The same system as createHubSystem, built over several tasks: `between` is awaited between the
 * parts of the work (on a phone, one task of about 250 ms becomes several under 50 ms, during which
 * the page still answers a tap). The builds add `createSystem.steps`, Chakra's own code paused
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

/**
 * The colour palettes the screens use (colorPalette=…, red.fg, orange.solid…), besides the neutrals
 * every system keeps. One list for the shell and the remotes, so the system the shell builds serves
 * the remotes too (below).
 */
export const HUB_PALETTES = ['brand', 'red', 'orange', 'green', 'blue', 'purple'] as const;

declare const __CHAKRA_VERSION__: string | undefined;
/** The version of Chakra this part bundles, set at build time (shared/build/webpack.cjs); unknown in tests. */
export const CHAKRA_VERSION: string | undefined = typeof __CHAKRA_VERSION__ === 'string' ? __CHAKRA_VERSION__ : undefined;

/**
 * The shell's design system, lent to the remotes it mounts (`RemoteProps.designSystem`). Building a
 * system is the largest single piece of work a part does on a phone (Chakra reads every token of the
 * theme: about 120 ms of one task on a fast machine, four times that on Lighthouse's phone), and a
 * remote's page built two: the shell's, then the remote's own. A system is a plain object of data and
 * functions; it may cross bundles when both hold the same Chakra version.
 */
export interface LentDesignSystem {
  /** The Chakra version of the lender's bundle. */
  chakraVersion: string;
  system: unknown;
}

/** What the shell puts in `RemoteProps.designSystem`; nothing when its Chakra version is unknown. */
export function lendSystem(system: SystemContext, chakraVersion = CHAKRA_VERSION): LentDesignSystem | undefined {
  return chakraVersion ? { chakraVersion, system } : undefined;
}

/**
 * The lent system as this part can use it, or undefined when it cannot: another Chakra version
 * (its internals may differ), or a recipe or palette of ours missing (a remote released after the
 * shell may use a component the shell's system lacks; it would render unstyled). What is used is a
 * view that adds no global styles (systemWithoutGlobals): the lender has put them on the page. The
 * same lent object always gives the same view, so the provider's value stays the same across updates.
 */
export function borrowSystem(lent: LentDesignSystem | undefined, chakraVersion = CHAKRA_VERSION): SystemContext | undefined {
  if (!lent || !chakraVersion || lent.chakraVersion !== chakraVersion) return undefined;
  return fits(lent.system) ? systemWithoutGlobals(lent.system) : undefined;
}

function fits(system: unknown): system is SystemContext {
  if (typeof system !== 'object' || system === null || !(system as { $$chakra?: boolean }).$$chakra) return false;
  const lent = system as SystemContext;
  return (
    Object.keys(HUB_RECIPES).every((key) => lent.isRecipe(key)) &&
    Object.keys(HUB_SLOT_RECIPES).every((key) => lent.isSlotRecipe(key)) &&
    HUB_PALETTES.every((palette) => lent.token(`colors.${palette}.solid`) !== undefined)
  );
}

const views = new WeakMap<object, SystemContext>();

/**
 * The system for a ChakraProvider that must add no global styles (the CSS reset, the global styles,
 * the tokens' CSS variables, the layer order) because they are on the page already: the shell's
 * stylesheet (shared/build/hub-theme-css.cjs), or the lending shell's provider. Everything else is
 * the system itself. Copied property by property, so that `_global`, which the builds make lazy
 * (shared/build/chakra-system-loader.cjs), is never computed; the same system gives the same view.
 */
export function systemWithoutGlobals(system: SystemContext): SystemContext {
  let view = views.get(system);
  if (!view) {
    const { _global: _unused, ...descriptors } = Object.getOwnPropertyDescriptors(system);
    view = Object.defineProperties({}, descriptors) as SystemContext;
    view._global = [];
    view._config = { ...system._config, disableLayers: true };
    views.set(system, view);
  }
  return view;
}
