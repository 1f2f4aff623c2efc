import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';

/** The theme of SPEC §9: a light blue primary with a dark blue variant. */
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
export function createHubSystem(options: { preflight: boolean }): SystemContext {
  return createSystem(defaultConfig, hubConfig, defineConfig({ preflight: options.preflight }));
}
