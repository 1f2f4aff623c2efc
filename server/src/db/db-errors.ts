/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong" or
 * "the code is wrong": the API answers them 503 with Retry-After (app.ts) so that callers and load
 * balancers retry, instead of a 500 that reads like a bug. Two kinds, each with its own code in the
 * answer and its own counter in the metrics:
 * - busy (DATABASE_BUSY): the database answers but every connection of the pool is taken and none
 *   became free in time: the load is too high for the pool, not an outage;
 * - unavailable (DATABASE_UNAVAILABLE): the database is stopped, restarting or unreachable.
 */

/** Seconds a caller is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Seconds a caller is asked to wait while the pool is busy: a connection frees up in milliseconds. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * No connection of the pool became free in time while the database itself answered (postgres-db.ts
 * decides). Recognised by its `databaseBusy` field, never by `instanceof`.
 */
export class DatabaseBusyError extends Error {
  readonly databaseBusy = true;
  constructor(options?: { cause?: unknown }) {
    super('Every database connection is in use: none became free in time', options);
    this.name = 'DatabaseBusyError';
  }
}

export function isDatabaseBusy(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { databaseBusy?: unknown }).databaseBusy === true;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs of a lost or refused connection: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** What pg says when a connection drops or cannot be made in time (it gives these no code). */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Connection ended unexpectedly',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3 || isDatabaseBusy(error)) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  // An error with an HTTP status of its own was already decided by a route.
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number') return false;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
  // Node's connect to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
