import type { DashboardData } from '../api/dashboards';
import { formatDate } from './date-format';

/** A date and time in the person's language and their browser's time zone ("25 Nov 2026, 07:04"). */
export function formatDataDate(iso: string, language: string, timeZone?: string): string {
  return formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** What to say of a dashboard's data: "as of" a date, and a warning when it failed or is stale. */
export function freshness(data: DashboardData): { asOf: string | null; warning: 'failed' | 'stale' | null } {
  return { asOf: data.as_of, warning: data.state === 'failed' || data.state === 'stale' ? data.state : null };
}
