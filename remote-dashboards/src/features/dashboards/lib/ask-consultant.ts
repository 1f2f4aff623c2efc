import type { Dashboard } from '@hub/shared/api';

/**
 * Where "Ask my consultant" leads, holding `text` (the dashboard's title and portal link) as a draft
 * that nothing sends until the person does: their open discussion's message form (/contact), or,
 * without an open discussion (the portal keeps /contact for those who have one), the first-message
 * form on the home page.
 */
export function askConsultantPath(dashboard: Pick<Dashboard, 'id'>, text: string, hasOpenDiscussion: boolean): string {
  if (!hasOpenDiscussion) return `/home?${new URLSearchParams({ draft: text }).toString()}`;
  const query = new URLSearchParams({ about: `dashboard:${dashboard.id}`, draft: text });
  return `/contact?${query.toString()}`;
}
