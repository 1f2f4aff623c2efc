import type { Dashboard } from '@hub/shared/api';

/**
 * Where "Ask my consultant" leads: the message form (/contact) to the person's consultant, naming
 * the dashboard and holding `text` (its title and portal link) as a draft; nothing is sent until
 * the person sends it.
 */
export function askConsultantPath(dashboard: Pick<Dashboard, 'id'>, text: string): string {
  const query = new URLSearchParams({ about: `dashboard:${dashboard.id}`, draft: text });
  return `/contact?${query.toString()}`;
}
