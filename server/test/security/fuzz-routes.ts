import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { EXPECTATIONS } from '../authorization/expectations/index';
import { loadFixtures, type Fixtures } from '../authorization/fixtures';
import { build, DB_KIND, resetData, testDb } from '../test-support/helper';
import { filesLoginAs } from '../test-support/files-caller';
import { loginAs, startTestIdp, type TestIdp } from '../test-support/test-idp';

/**
 * Every route of the API, from the route table and the OpenAPI document the server serves, called
 * with hostile input as an administrator and as a customer: wrong types, missing and extra fields,
 * huge strings, odd Unicode, odd ids, wrong content types, invalid JSON. No answer may be a 5xx or
 * carry a stack trace, and a refused write (4xx) must leave every table as it was (row counts and
 * a checksum of the contents). A write the server accepts (2xx) is allowed to change the data: the
 * demo data is reset after it, so the next case starts clean again.
 */

const PERSONAS = { customer: 'user@northwind.test', administrator: 'admin@demo.test' } as const;
type Persona = keyof typeof PERSONAS;

const HUGE = 'x'.repeat(100 * 1024);
/** NUL, a lone high surrogate, a right-to-left override, a zero-width joiner, an emoji. */
const ODD = 'a\u0000b\ud800c\u202ed\u200de😀';
const MAX_SAFE_PLUS_ONE = 2 ** 53;
/** Stands for a bare 1e309 in the JSON text (JSON.parse reads it as Infinity). */
const HUGE_NUMBER = '__fuzz_1e309__';

/** Path parameter values: negative, zero, 2^53, 1e309 as text, not a number, NUL, RTL, a lone surrogate, long. */
const PATH_VALUES = ['-1', '0', String(MAX_SAFE_PLUS_ONE), '1e309', 'abc', '%00%E2%80%AE', '%ED%A0%80', 'x'.repeat(1000)];

interface Case {
  name: string;
  request: InjectOptions;
}

type Schema = OpenAPIV3.SchemaObject;

function typeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  if (schema.type) return schema.type;
  const first = (schema.anyOf ?? schema.oneOf)?.[0] as Schema | undefined;
  return first ? typeOf(first) : undefined;
}

/** The body with each property of the schema replaced by `value(schema, type)` (undefined keeps it). */
function mutate(base: Record<string, unknown>, schema: Schema | undefined, value: (type: string | undefined) => unknown) {
  const body: Record<string, unknown> = { ...base };
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const next = value(typeOf(property as Schema));
    if (next !== undefined) body[name] = next;
  }
  return body;
}

const json = (body: unknown) => JSON.stringify(body).replaceAll(`"${HUGE_NUMBER}"`, '1e309');

const wrongType = (type: string | undefined) =>
  type === 'string'
    ? 12345
    : type === 'integer' || type === 'number'
      ? 'abc'
      : type === 'boolean'
        ? 'yes'
        : type === 'array'
          ? { a: 1 }
          : [1];

function cases(method: string, route: string, url: string, body: unknown, operation: OpenAPIV3.OperationObject | undefined): Case[] {
  const list: Case[] = [];
  // Path parameters, one at a time, the others valid.
  const patternParts = route.split('/');
  const urlParts = url.split('?')[0]!.split('/');
  patternParts.forEach((part, index) => {
    if (!part.startsWith(':')) return;
    for (const value of PATH_VALUES) {
      const parts = [...urlParts];
      parts[index] = value;
      list.push({ name: `path ${part}=${value.slice(0, 20)}`, request: { method: method as 'GET', url: parts.join('/') } });
    }
  });
  // Query parameters: those the document names, plus common ones, all at once with each odd value.
  const queryNames = new Set(['page', 'limit', 'search', 'id', 'sort']);
  for (const parameter of (operation?.parameters ?? []) as OpenAPIV3.ParameterObject[])
    if (parameter.in === 'query') queryNames.add(parameter.name);
  const query = (value: string) => [...queryNames].map((name) => `${encodeURIComponent(name)}=${value}`).join('&');
  const separator = url.includes('?') ? '&' : '?';
  for (const [name, value] of [
    ['negative', '-1'],
    ['2^53', String(MAX_SAFE_PLUS_ONE)],
    ['1e309', '1e309'],
    ['huge', HUGE],
    ['odd unicode', encodeURIComponent('\u0000\u202e') + '%ED%A0%80'],
  ] as const) {
    list.push({ name: `query ${name}`, request: { method: method as 'GET', url: `${url}${separator}${query(value)}` } });
  }
  if (method === 'GET') return list;

  // Bodies.
  const schema = (operation?.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content?.['application/json']?.schema as
    Schema | undefined;
  const base = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const send = (name: string, payload: string, contentType = 'application/json') =>
    list.push({ name, request: { method: method as 'POST', url, payload, headers: { 'content-type': contentType } } });
  send('invalid JSON', '{"title": ');
  send('text/plain', 'hello', 'text/plain');
  // A route that reads no body: the two above are enough (each accepted write costs a digest).
  if (!schema) return list;
  send('empty JSON', '');
  send('JSON array', '[]');
  send('missing fields', '{}');
  send('multipart without boundary', 'junk', 'multipart/form-data');
  send(
    'extra fields',
    json({ ...base, extra: 'x', role: 'administrator', is_admin: true }).replace(
      /^\{/,
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},',
    ),
  );
  send('wrong types', json(mutate(base, schema, wrongType)));
  send('nulls', json(mutate(base, schema, () => null)));
  send('huge strings', json(mutate(base, schema, (type) => (type === 'string' ? HUGE : undefined))));
  send('odd unicode', json(mutate(base, schema, (type) => (type === 'string' ? ODD : undefined))));
  for (const [name, number] of [
    ['negative', -1],
    ['2^53', MAX_SAFE_PLUS_ONE],
    ['1e309', HUGE_NUMBER],
    ['1e309 as text', '1e309'],
  ] as const) {
    send(`numbers ${name}`, json(mutate(base, schema, (type) => (type === 'integer' || type === 'number' ? number : undefined))));
  }
  send('xml', '<a>1</a>', 'application/xml');
  send('multipart junk', '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n', 'multipart/form-data; boundary=b');
  return list;
}

/** What a read writes by design: reading a discussion marks its messages read; a download is audited. */
const READ_SIDE_EFFECTS: Record<string, string[]> = {
  'GET /api/discussions/:id/messages': ['messages'],
  'GET /api/v2/file/:id/download': ['audit_log'],
  'GET /api/v2/folder/:id/zip': ['audit_log'],
};

/**
 * What the server writes a few seconds after the request that caused it, whatever the request being
 * checked: the browser figures an earlier accepted batch counted (flushed every few seconds), when
 * each release was last given (written at most once a minute), the advice views (flushed every few
 * seconds, with the reach counts they keep), the job leases every process renews, and the exports
 * an earlier accepted request asked for, built in the background with the notification that says
 * one is ready. They are left out of the digest, which asks whether the request itself changed data.
 */
const WRITTEN_IN_THE_BACKGROUND = new Set(['remote_client_counts', 'advice_viewers', 'advice_reach_counts', 'job_leases', 'data_exports']);
const BACKGROUND_COLUMNS: Record<string, string> = { remote_releases: 'last_given_at' };
const BACKGROUND_ROWS: Record<string, string> = { notifications: "event <> 'export.ready'" };

function changedTables(before: string, now: string): string[] {
  const old = new Set(before.split('\n'));
  return now
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.split(':')[0]!);
}

const STACK = /\n\s+at\s|node_modules|\.[cm]?[jt]s:\d+|\bat (?:async )?[\w.<>]+ \(/;

/**
 * The routes of EXPECTATIONS whose index is `shard` modulo `of`, fuzzed in one test file (a file
 * has 120 s on a busy machine: the routes are shared among fuzz-N.test.ts). Shard 0 also checks
 * the OpenAPI document.
 */
export function fuzzRoutes(shard: number, of: number): void {
  describe(`every route fuzzed, part ${shard + 1} of ${of} (${DB_KIND})`, () => {
    let app: FastifyInstance;
    let idp: TestIdp;
    let doc: OpenAPIV3.Document;
    let headers: Record<Persona, { hub: Record<string, string>; files: Record<string, string> }>;
    let ids: Fixtures;
    let digest: string;
    const acceptedByCase = new Map<string, number>();
    const totals = { routes: 0, cases: 0, requests: 0, acceptedWrites: 0, digests: 0, digestMs: 0, resets: 0 };

    let digestSql = '';
    /** Row count and an md5 of the rows of every table, one line per table, in one query. */
    async function dataDigest(): Promise<string> {
      const db = await testDb();
      if (!digestSql) {
        const { rows } = await db.query<{ tablename: string }>(
          `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
        );
        digestSql = rows
          .filter(({ tablename }) => !WRITTEN_IN_THE_BACKGROUND.has(tablename))
          .map(({ tablename }) => {
            const row = BACKGROUND_COLUMNS[tablename] ? `(to_jsonb(t) - '${BACKGROUND_COLUMNS[tablename]}')::text` : 't::text';
            const where = BACKGROUND_ROWS[tablename] ? ` WHERE ${BACKGROUND_ROWS[tablename]}` : '';
            return `SELECT '${tablename}' AS name, count(*)::int AS n, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS sum FROM "${tablename}" t${where}`;
          })
          .join(' UNION ALL ');
      }
      const started = performance.now();
      const { rows } = await db.query<{ name: string; n: number; sum: string }>(digestSql);
      totals.digestMs += performance.now() - started;
      totals.digests += 1;
      return rows.map((row) => `${row.name}: ${row.n} rows, ${row.sum}`).join('\n');
    }

    /** The demo data again, signed in again (a reset may end sessions), and its digest. */
    async function fresh() {
      totals.resets += 1;
      await resetData();
      headers = {} as typeof headers;
      for (const [persona, email] of Object.entries(PERSONAS) as Array<[Persona, string]>) {
        headers[persona] = {
          hub: { authorization: `Bearer ${await loginAs(app, idp, email)}` },
          files: { authorization: `Bearer ${await filesLoginAs(app, idp, email)}` },
        };
      }
      ids = await loadFixtures();
      digest = await dataDigest();
    }

    before(async () => {
      app = await build();
      idp = await startTestIdp();
      await idp.register(app);
      doc = (await app.inject('/api/docs/json')).json();
      await fresh();
    });
    after(async () => {
      await idp.close();
      console.log(
        `fuzz part ${shard + 1}/${of}: ${totals.routes} routes, ${totals.cases} cases per persona-route, ${totals.requests} requests, ${totals.acceptedWrites} accepted writes; ${totals.digests} digests in ${Math.round(totals.digestMs)} ms, ${totals.resets} resets`,
      );
      console.log(`fuzz part ${shard + 1}/${of}: accepted writes by case: ${JSON.stringify(Object.fromEntries(acceptedByCase))}`);
    });

    // As @fastify/swagger writes a path: `:name` is `{name}`, a wildcard `*` is `{*}`.
    const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

    if (shard === 0)
      test('should serve an OpenAPI document that an independent parser validates', async () => {
        await SwaggerParser.validate(structuredClone(doc) as OpenAPIV3.Document);
      });

    if (shard === 0)
      test('should describe every route of the route table in the OpenAPI document', () => {
        const routes = app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
        assert.ok(routes.length > 50, `only ${routes.length} routes`);
        const missing = routes.filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase() as OpenAPIV3.HttpMethods]);
        assert.deepEqual(
          missing.map((route) => `${route.method} ${route.url}`),
          [],
        );
      });

    for (const [route, expectation] of Object.entries(EXPECTATIONS).filter((_, index) => index % of === shard)) {
      test(`should answer ${route} without a 5xx, a stack trace or a change to the data`, async () => {
        const [method, path] = route.split(' ') as [string, string];
        const operation = doc.paths[openApiPath(path)]?.[method.toLowerCase() as OpenAPIV3.HttpMethods];
        const problems: string[] = [];
        let count = 0;
        let changedByRoute = false;
        totals.routes += 1;
        for (const persona of Object.keys(PERSONAS) as Persona[]) {
          const list = cases(method, path, expectation.url?.(ids) ?? path, expectation.body?.(ids), operation);
          count = list.length;
          for (const { name, request: current } of list) {
            const response: LightMyRequestResponse = await Promise.race([
              app.inject({
                ...current,
                headers: {
                  ...(path.startsWith('/api/v2/') ? headers[persona].files : headers[persona].hub),
                  ...expectation.headers?.(ids),
                  ...current.headers,
                },
              }),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error(`${persona} ${name}: no answer in 10 s`)), 10_000).unref(),
              ),
            ]);
            totals.requests += 1;
            const where = `${persona} ${name}: ${response.statusCode}`;
            // Without a report server configured the Power BI sync answers 503 by design (README).
            const documented503 = response.statusCode === 503 && path.startsWith('/api/admin/pbi/');
            if (response.statusCode >= 500 && !documented503) problems.push(`${where} ${response.body.slice(0, 200)}`);
            if (STACK.test(response.body)) problems.push(`${where} stack trace: ${response.body.slice(0, 300)}`);
            const accepted = response.statusCode < 400;
            if (method !== 'GET' && accepted) {
              // An accepted write may change the data: the next cases compare with what it left.
              totals.acceptedWrites += 1;
              acceptedByCase.set(name, (acceptedByCase.get(name) ?? 0) + 1);
              changedByRoute = true;
              digest = await dataDigest();
            } else if (method !== 'GET') {
              const now = await dataDigest();
              if (now !== digest) {
                problems.push(`${where} changed ${changedTables(digest, now).join(', ')}`);
                digest = now;
                changedByRoute = true;
              }
            }
          }
          // The next persona and route start from the demo data again.
          if (changedByRoute) {
            await fresh();
            changedByRoute = false;
          }
        }
        totals.cases += count;
        if (method === 'GET') {
          const now = await dataDigest();
          const changed = changedTables(digest, now).filter((table) => !READ_SIDE_EFFECTS[route]?.includes(table));
          if (changed.length > 0) problems.push(`reads changed ${changed.join(', ')}`);
          if (now !== digest) await fresh();
        }
        assert.deepEqual(problems, []);
      });
    }
  });
}
