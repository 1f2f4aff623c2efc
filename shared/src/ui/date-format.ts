/**
 * Dates in the person's language, through one `Intl.DateTimeFormat` per language and options.
 *
 * Making a formatter is what costs (ICU resolves the locale and builds the pattern each time), and
 * formatting with one is far cheaper. A list that made a formatter per row spent a large share of
 * its first render there (docs/journal/2026-11-28-dates-formatted-once.md). So every part formats
 * through these.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `language` and `options`, made on first use and kept. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

/** `value` (an ISO string, a timestamp or a Date) formatted in `language` with `options`. */
export function formatDate(value: string | number | Date, language: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(language, options).format(typeof value === 'object' ? value : new Date(value));
}
