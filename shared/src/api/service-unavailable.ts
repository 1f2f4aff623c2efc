/**
 * Why the server answers 503, in the body's `code`, so that a caller (and an operator reading the
 * metrics) can tell a busy portal from a broken one:
 * - DATABASE_BUSY: every database connection is in use and none became free in time; the database
 *   itself is fine. Retry soon; many of these mean the pool or the database is too small for the load.
 * - DATABASE_UNAVAILABLE: the database cannot be reached (stopped, restarting, unreachable).
 * Both answers carry `Retry-After` (seconds).
 */
export const SERVICE_UNAVAILABLE_CODES = ['DATABASE_BUSY', 'DATABASE_UNAVAILABLE'] as const;
export type ServiceUnavailableCode = (typeof SERVICE_UNAVAILABLE_CODES)[number];

/** True for a 503 body that names one of the codes above (an error's body, parsed JSON, anything). */
export function serviceUnavailableCode(body: unknown): ServiceUnavailableCode | null {
  if (!body || typeof body !== 'object') return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' && (SERVICE_UNAVAILABLE_CODES as readonly string[]).includes(code)
    ? (code as ServiceUnavailableCode)
    : null;
}
