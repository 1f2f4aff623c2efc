import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets and must never reach a log: the live events' ticket
 * (EventSource cannot send a header), identity and access tokens (the reporting host's entrance
 * URL carries the identity token, docs/product.md §9), an authorization code coming back from a provider.
 */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'ticket',
  'token',
  'access_token',
  'id_token',
  'id_token_hint',
  'refresh_token',
  'code',
  'client_secret',
  'password',
]);

export const REDACTED = '[redacted]';

/** The URL as it may be logged: the value of every secret query parameter replaced, the rest as it came. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const parts = url.slice(query + 1, end).split('&');
  let changed = false;
  const redacted = parts.map((part) => {
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      name = rawName;
    }
    if (!SECRET_QUERY_PARAMETERS.has(name.trim().toLowerCase())) return part;
    changed = true;
    return `${rawName}=${REDACTED}`;
  });
  return changed ? `${url.slice(0, query + 1)}${redacted.join('&')}${url.slice(end)}` : url;
}

/**
 * Fastify's request serializer (method, url, host, remote address and port), with the secrets of
 * the query string redacted: what every "incoming request" and "request completed" line carries.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
