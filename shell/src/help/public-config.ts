/**
 * Public settings the page may carry as `<meta name="hub-…" content="…">` (no API endpoint serves
 * public configuration): `hub-projects-url` (the server's PROJECTS_URL) and `hub-reporting-host`
 * (REPORTING_HOST, read by the dashboards remote). An absent or non-http(s) value is null, and
 * what depends on it is hidden.
 */
export function readPublicUrl(name: 'hub-projects-url', doc: Document = document): string | null {
  const content = doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  return content && /^https?:\/\//i.test(content) ? content : null;
}
