/**
 * Where the frame of a dashboard points (docs/product.md §9): a report on the configured reporting host goes
 * through the host's entrance redirect, with the embed flag and the identity token, so that the
 * report server signs the user in and shows the report without its own chrome. Any other URL is
 * embedded as it is.
 *
 * The entrance address is `https://<reporting host>/entrance?redirect=<path and query of the
 * report>&embed=true&id_token=<token>`. Without a reporting host or a token, nothing is rewritten.
 */
export interface EmbedConfig {
  /** Host name (or origin, or URL) of the reporting server; null when the portal has none. */
  reportingHost: string | null;
  idToken: string | null;
}

function hostOf(value: string): string {
  try {
    return new URL(value.includes('://') ? value : `https://${value}`).host.toLowerCase();
  } catch {
    return value.toLowerCase();
  }
}

export function embedUrl(url: string, { reportingHost, idToken }: EmbedConfig): string {
  if (!reportingHost || !idToken) return url;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return url;
  }
  if (target.host.toLowerCase() !== hostOf(reportingHost)) return url;
  const entrance = new URL('/entrance', target.origin);
  entrance.searchParams.set('redirect', `${target.pathname}${target.search}${target.hash}`);
  entrance.searchParams.set('embed', 'true');
  entrance.searchParams.set('id_token', idToken);
  return entrance.toString();
}

/**
 * The reporting host the portal is configured with, published by the page as
 * `<meta name="hub-reporting-host" content="reports.example.com">` (the server's REPORTING_HOST).
 * No meta tag: no host, and dashboards are embedded as they are.
 */
export function readReportingHost(doc: Document = document): string | null {
  const content = doc.querySelector('meta[name="hub-reporting-host"]')?.getAttribute('content')?.trim();
  return content ? content : null;
}
