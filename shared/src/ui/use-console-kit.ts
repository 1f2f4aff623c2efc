import { useTranslation } from 'react-i18next';

/**
 * The translation of the consoles' parts of `@hub/shared/ui` (the list and form frames, the image
 * picker, the scheduling of a publication, the rich-text editor): their strings travel in the admin
 * remote's catalogue under `kit` (shared/src/i18n/en/console-kit.ts), not in 'common', which the
 * shell's entry carries to every page.
 */
export function useConsoleKit() {
  return useTranslation('admin', { keyPrefix: 'kit' });
}
