import { formatDate } from '@hub/shared/ui';

/** A short date and time in the portal's language. */
export function formatDateTime(value: string, language: string): string {
  return formatDate(value, language, { dateStyle: 'short', timeStyle: 'short' });
}
