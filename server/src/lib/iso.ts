/**
 * A timestamp as the database hands it over (a Date from node-postgres, a text from PGlite) written
 * as ISO 8601 text, as every answer of the API carries it; null stays null.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
}
