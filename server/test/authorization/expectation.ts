import type { Fixtures } from './fixtures';

/**
 * The expected status of one route for each persona, in the order of PERSONAS:
 * [anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser].
 * Write the real status a caller gets (200, 201, 204, 401, 403, 404, 409…), never a range.
 */
export type Statuses = readonly [number, number, number, number, number, number, number];

export interface Expectation {
  /** The concrete URL to call; defaults to the route's own path (for routes without parameters). */
  url?: (ids: Fixtures) => string;
  /** A JSON body that is valid for the callers who are allowed, so that the allowed cells prove success. */
  body?: (ids: Fixtures) => unknown;
  headers?: (ids: Fixtures) => Record<string, string>;
  statuses: Statuses;
  /** The demo data again after the row: a route that ends sessions would leave later rows' tokens refused. */
  resetAfter?: boolean;
  /** Why a cell is not the obvious one, when it is not. */
  note?: string;
}

/** Keyed by `METHOD /route/:param` exactly as Fastify registers the route. */
export type ExpectationTable = Record<string, Expectation>;
