import { widgetCatalogue, type Language } from '@hub/shared/remote/widgets';

// The widgets read the content catalogue directly rather than through i18next, which /home does
// not otherwise load: the strings are the same catalogue entries the content pages use, in the
// current language only (fetched before the widgets mount: createWidgetLifecycles(…, 'content')).
export function widgetText(language: Language) {
  return widgetCatalogue(language, 'content');
}

/** Fills `{{name}}` placeholders, as i18next would. */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
