import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PAGE_SIZE_MAX } from '@hub/shared/api';
import { build, DB_KIND } from '../test-support/helper';

/**
 * The rule that no answer grows with the data, checked over the route table as the authorization
 * matrix checks rights: every GET route whose answer holds a list (an array at its top or in a
 * top-level property) declares a page size with a maximum of at most PAGE_SIZE_MAX in its
 * querystring schema. A new list route without one fails here; the exceptions are written down
 * below, each with why its list stays bounded.
 */
const EXCEPTIONS: Record<string, string> = {
  'GET /api/auth/user': 'one user: the arrays are their rights and Power BI groups',
  'GET /api/user/:id': 'one user: the arrays are their rights and Power BI groups',
  'GET /api/admin/users/:id': 'one user: the arrays are their rights, groups and consultants',
  'GET /api/admin/users/entity/:entityId/user/:userId': 'one user: the arrays are their rights, groups and consultants',
  'GET /api/auth/providers': 'the configured identity providers: a handful, written by administrators',
  'GET /api/remotes': 'the configured front-end remotes: fixed by the deployment',
  'GET /api/admin/remotes':
    'the five remotes, each with its newest 20 releases (RELEASES_SHOWN) and 60 points, and its tokens but those revoked more than 30 days ago',
  'GET /api/admin/audit/filters': 'the distinct action names and item types: fixed by the code, not by the data',
  'GET /api/trainings/upcoming': 'capped by the server at LIMITS.upcomingTrainings',
  'GET /api/admin/mail/received/:id': 'one email: the array is the links of its List-Unsubscribe header, one or two',
  'GET /api/admin/holidays': 'the public holidays of a calendar and year: a dozen a year, kept by administrators',
  'GET /api/staff/me/hours': 'one person’s week: its ranges and days off are bounded by the schema (maxItems)',
  'GET /api/admin/staff/:id/hours': 'one person’s week: its ranges and days off are bounded by the schema (maxItems)',
  'GET /api/admin/staff/default-hours': 'the default week: its ranges are bounded by the schema (maxItems)',
  'GET /api/staff/me/away': 'one absence: the arrays are none of a list’s',
  'GET /api/admin/advices/:id/versions/:version': 'one version: the arrays are the fields it changed',
  'GET /api/admin/news-items/:id/versions/:version': 'one version: the arrays are the fields it changed',
  'GET /api/admin/dashboards/:id/versions/:version': 'one version: the arrays are the fields it changed',
  'GET /api/admin/schedules': 'the items waiting for a publication time: a working set that empties as they publish',
};

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; allOf?: Schema[]; anyOf?: Schema[]; maximum?: number };

/** The properties of an object schema, through Intersect (allOf). */
function properties(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  return Object.assign({}, schema.properties ?? {}, ...(schema.allOf ?? []).map(properties));
}

/** Whether an answer schema holds a list: an array, or an object with an array property (through unions). */
function holdsList(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'array') return true;
  if (schema.anyOf?.some(holdsList)) return true;
  return Object.values(properties(schema)).some((property) => property.type === 'array');
}

/** The page size's maximum the querystring declares (`page_size`, `limit`, or `n` for "the latest n"), else undefined. */
function pageSizeMaximum(schema: Schema | undefined): number | undefined {
  const query = properties(schema);
  return (query.page_size ?? query.limit ?? query.n)?.maximum;
}

describe(`list routes bounded by a page size (${DB_KIND})`, () => {
  let app: FastifyInstance;
  before(async () => {
    app = await build();
  });

  const listRoutes = () =>
    app.routeTable.filter(
      (route) =>
        route.method === 'GET' &&
        route.url.startsWith('/api/') &&
        holdsList((route.schema?.response as Record<string, Schema> | undefined)?.['200']),
    );

  test('should find the list routes (the rule would hold vacuously otherwise)', () => {
    const urls = listRoutes().map((route) => route.url);
    for (const url of ['/api/discussions', '/api/discussions/:id/messages', '/api/admin/discussions', '/api/admin/audit']) {
      assert.ok(urls.includes(url), `${url} is a list route`);
    }
  });

  test('should declare a bounded page size on every list route but the written exceptions', () => {
    const unbounded = listRoutes()
      .filter((route) => {
        const maximum = pageSizeMaximum(route.schema?.querystring as Schema | undefined);
        return maximum === undefined || maximum > PAGE_SIZE_MAX;
      })
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(unbounded.filter((route) => !(route in EXCEPTIONS)).sort(), [], 'list routes without a bounded page size');
    assert.deepEqual(
      Object.keys(EXCEPTIONS)
        .filter((route) => !unbounded.includes(route))
        .sort(),
      [],
      'exceptions that are no longer needed (the route is bounded, or gone)',
    );
  });
});
