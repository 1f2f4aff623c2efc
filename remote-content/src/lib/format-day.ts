import { dateTimeFormat } from '@hub/shared/ui';

/** A calendar day of the API (YYYY-MM-DD) in the reader's language, the same day wherever they are. */
export function formatDay(language: string, day: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Whether an advice waits for the reader's "I have read it". */
export const awaitsAcknowledgement = (advice: { must_read: boolean; acknowledged_at: string | null }): boolean =>
  advice.must_read && advice.acknowledged_at === null;
