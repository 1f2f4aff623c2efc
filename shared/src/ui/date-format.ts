/**
 * Dates in the person's language, through one `Intl.DateTimeFormat` per language and options.
 *
 * Making a formatter is what costs (ICU resolves the locale and builds the pattern each time:
 * about 50 µs in Node, several times that on a phone), and formatting with one is some forty times
 * cheaper. A list that made a formatter per row spent most of its first render there (the
 * discussions' list: a third of a 160 ms task on a phone). So every part formats through these.
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
