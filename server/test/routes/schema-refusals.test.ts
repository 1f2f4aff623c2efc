// @one-pass: the schemas and their formatter refuse a bad body or query before any SQL runs,
// whatever the database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../src/app';
import { DB_KIND } from '../test-support/helper';
import { filesCaller } from '../test-support/files-caller';
import { signedInApp } from '../test-support/signed-in-app';

/**
 * Every route of /api and /api/v2 that declares a body or a querystring schema, read from the
 * route table, is sent one input its schema refuses, as an administrator (who passes every role
 * check, so the schema is what answers): the answer is a 400 in the one error shape with
 * `errors: [{ field, message }]` naming the field that was broken, in the portal's words where the
 * product fixes them (a missing field: 'This field is required').
 */

const ADMIN = 'admin@demo.test';

/**
 * The routes whose querystring no text can break, each with why: their only parameters are
 * opaque texts the server checks itself (a signed ticket answers 401 when it is not one).
 */
const FREE_TEXT_QUERIES: Record<string, string> = {
  'GET /api/discussions/events': 'a signed live-events ticket and the last event id, checked by the stream',
  'GET /api/notifications/events': 'a signed live-events ticket, checked by the stream',
  'GET /api/v2/events': 'a signed live-events ticket, checked by the stream',
  'GET /api/v2/file/:id/download': 'a signed download ticket, checked by the route',
  'GET /api/v2/folder/:id/zip': 'a signed download ticket, checked by the route',
};

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** An object schema's properties and required names, through Intersect (allOf). */
function shape(schema: Schema): { properties: Record<string, Schema>; required: string[] } {
  const parts = [schema, ...(schema.allOf ?? []).map(shape)];
  return {
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => part.required ?? []),
  };
}

const typesOf = (schema: Schema): string[] =>
  schema.anyOf
    ? schema.anyOf.flatMap(typesOf)
    : schema.type
      ? [schema.type].flat()
      : schema.const !== undefined
        ? [typeof schema.const]
        : [];

/** A value the property's schema refuses, as a query string would carry it (text), or undefined when text cannot break it. */
function badText(schema: Schema): string | undefined {
  const types = typesOf(schema);
  const choices =
    schema.enum ?? (schema.anyOf?.every((option) => option.const !== undefined) ? schema.anyOf.map((o) => o.const) : undefined);
  if (schema.const !== undefined || choices) return 'not-one-of-the-choices';
  if (types.length > 0 && types.every((type) => type === 'integer' || type === 'number')) return 'abc';
  if (types.length > 0 && types.every((type) => type === 'boolean')) return 'maybe';
  if (schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
  return undefined;
}

/** A value the property's schema refuses, in a JSON body. */
function badJson(schema: Schema): unknown {
  const types = typesOf(schema);
  if (types.includes('array') || types.includes('object')) return 'not a list nor an object';
  if (types.length > 0 && types.every((type) => type === 'string'))
    return schema.maxLength !== undefined ? 'x'.repeat(schema.maxLength + 1) : 12345;
  return { not: 'a scalar' };
}

interface Refusal {
  request: Pick<InjectOptions, 'query' | 'payload'>;
  /** The fields the refusal may name (ajv reports the first it meets). */
  fields: string[];
  /** The message the product fixes for it, when it fixes one. */
  message?: string;
}

/** A body the schema refuses: a required field missing, else one property of the wrong type, else the wrong type whole. */
function badBody(schema: Schema): Refusal {
  const { properties, required } = shape(schema);
  if (required.length > 0) return { request: { payload: {} }, fields: required, message: 'This field is required' };
  const [name, property] = Object.entries(properties)[0] ?? [];
  if (name && property) return { request: { payload: { [name]: badJson(property) } }, fields: [name] };
  return { request: { payload: JSON.stringify([]) }, fields: ['body'] };
}

/** A query the schema refuses: a required parameter missing, else one parameter text cannot fit. */
function badQuery(schema: Schema): Refusal | undefined {
  const { properties, required } = shape(schema);
  if (required.length > 0) return { request: { query: {} }, fields: required, message: 'This field is required' };
  for (const [name, property] of Object.entries(properties)) {
    const value = badText(property);
    if (value !== undefined) return { request: { query: { [name]: value } }, fields: [name] };
  }
  return undefined;
}

/** Path parameters whose schema is a pattern no generic value fits, each with one it takes. */
const GOOD_PARAMS: Readonly<Record<string, string>> = { calendar: 'FR', day: '2026-12-25' };

/** A value the path parameter's schema takes: its first choice, else 1 (an id, a slug). */
function goodParam(name: string, schema: Schema | undefined): string {
  const choices = schema?.enum ?? schema?.anyOf?.map((option) => option.const);
  const first = choices?.[0] ?? schema?.const ?? GOOD_PARAMS[name];
  return first === undefined ? '1' : String(first);
}

/** The route's URL with each parameter filled with a value its schema takes, a wildcard with a name. */
function urlOf(route: RouteEntry): string {
  const params = route.schema?.params ? shape(route.schema.params as Schema).properties : {};
  return route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => goodParam(name, params[name])).replace(/\*$/, 'x');
}

const named = (route: RouteEntry) => `${route.method} ${route.url}`;

describe(`schema refusals name their fields on every route (${DB_KIND})`, () => {
  const hub = signedInApp({ resetData: false });
  const files = filesCaller(
    () => hub.app,
    () => hub.idp,
  );

  const withSchema = (part: 'body' | 'querystring') =>
    hub.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.schema?.[part] !== undefined);

  /** Sends the refusal to the route as the administrator, with the token of the route's API. */
  async function send(route: RouteEntry, refusal: Refusal) {
    const url = urlOf(route);
    const query = refusal.request.query ? `?${new URLSearchParams(refusal.request.query as Record<string, string>)}` : '';
    const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const options = refusal.request.payload !== undefined ? { payload: refusal.request.payload as string } : {};
    const headers = typeof refusal.request.payload === 'string' ? { 'content-type': 'application/json' } : undefined;
    return route.url.startsWith('/api/v2/')
      ? files.call(ADMIN, method, url + query, { ...options, ...(headers ? { headers } : {}) })
      : hub.call(ADMIN, method, url + query, { ...options, ...(headers ? { headers } : {}) });
  }

  /** What is wrong with the route's answer to the refusal, or null when it is right. */
  async function fault(route: RouteEntry, refusal: Refusal): Promise<string | null> {
    const answer = await send(route, refusal);
    if (answer.statusCode !== 400) return `${named(route)}: ${answer.statusCode} ${answer.body.slice(0, 200)}`;
    const body = answer.json() as {
      statusCode?: number;
      error?: string;
      message?: string;
      errors?: Array<{ field: string; message: string }>;
    };
    const [first] = body.errors ?? [];
    if (!first) return `${named(route)}: no errors[] in ${answer.body.slice(0, 200)}`;
    if (body.statusCode !== 400 || body.error !== 'Bad Request')
      return `${named(route)}: not the one error shape: ${answer.body.slice(0, 200)}`;
    if (!refusal.fields.includes(first.field)) return `${named(route)}: names ${first.field}, not one of ${refusal.fields.join(', ')}`;
    if (refusal.message !== undefined && first.message !== refusal.message)
      return `${named(route)}: says "${first.message}", not "${refusal.message}"`;
    if (body.message !== `${first.field}: ${first.message}`) return `${named(route)}: message "${body.message}" is not "field: why"`;
    return null;
  }

  test('should find routes of both APIs with bodies and queries (the rule would hold vacuously otherwise)', () => {
    const urls = [...withSchema('body'), ...withSchema('querystring')].map(named);
    for (const route of [
      'PUT /api/admin/users/:id',
      'POST /api/admin/entities',
      'POST /api/admin/groups',
      'PUT /api/admin/tickets/:id',
      'GET /api/admin/audit',
    ]) {
      assert.ok(
        urls.some((url) => url === route || url === `${route}/`),
        `${route} declares a schema`,
      );
    }
    assert.ok(
      urls.some((url) => url.includes(' /api/v2/')),
      'a file-exchange route declares a schema',
    );
  });

  test('should refuse a bad body with errors[] naming the field, on every route that declares one', async () => {
    const faults: string[] = [];
    for (const route of withSchema('body')) {
      const found = await fault(route, badBody(route.schema!.body as Schema));
      if (found) faults.push(found);
    }
    assert.deepEqual(faults, []);
  });

  test('should refuse a bad query with errors[] naming the parameter, on every route that declares one', async () => {
    const faults: string[] = [];
    const unbreakable: string[] = [];
    for (const route of withSchema('querystring')) {
      const refusal = badQuery(route.schema!.querystring as Schema);
      if (!refusal) {
        unbreakable.push(named(route));
        continue;
      }
      const found = await fault(route, refusal);
      if (found) faults.push(found);
    }
    assert.deepEqual(faults, []);
    assert.deepEqual(unbreakable.sort(), Object.keys(FREE_TEXT_QUERIES).sort(), 'the routes whose query no text can break');
  });
});
