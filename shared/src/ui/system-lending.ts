import type { SystemContext } from '@chakra-ui/react';

/**
 * What a part needs to borrow a design system another part lends (the shell lends its own to the
 * remotes it mounts), without what builds one (./system.ts, with Chakra's theme: most of a remote's
 * design-system bytes). Kept apart so that a remote mounted in the portal carries none of the latter
 * in its first chunks (shared/src/remote/remote-root.tsx fetches it only when it must build its own).
 */

/**
 * The recipes and slot recipes every system of ours holds, by name: what a lent system is checked
 * for. ./system.ts holds the recipes themselves, and its type checks that it holds these and no other.
 */
export const HUB_RECIPE_NAMES = [
  'badge',
  'button',
  'checkmark',
  'heading',
  'icon',
  'input',
  'link',
  'skeleton',
  'spinner',
  'textarea',
] as const;
export const HUB_SLOT_RECIPE_NAMES = [
  'alert',
  'avatar',
  'breadcrumb',
  'card',
  'checkbox',
  'dataList',
  'dialog',
  'field',
  'fieldset',
  'list',
  'menu',
  'nativeSelect',
  'progress',
  'progressCircle',
  'stat',
  'table',
] as const;

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
 * theme, in one long task: docs/journal/2026-11-27-design-system-built-once.md), and a
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
    HUB_RECIPE_NAMES.every((key) => lent.isRecipe(key)) &&
    HUB_SLOT_RECIPE_NAMES.every((key) => lent.isSlotRecipe(key)) &&
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
