import type { Language } from '@hub/shared/remote/widgets';
import { content as contentEn } from '@hub/shared/i18n/en/content';
import { content as contentFr } from '@hub/shared/i18n/fr/content';

// The widgets read the content catalogue directly rather than through i18next, which /home does
// not otherwise load: the strings are the same catalogue entries the content pages use.
const CATALOGUES = { en: contentEn, fr: contentFr } as const;

export function widgetText(language: Language) {
  return CATALOGUES[language] ?? CATALOGUES.en;
}

/** Fills `{{name}}` placeholders, as i18next would. */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
