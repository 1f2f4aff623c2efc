// @one-pass: its own processes on a cluster of its own.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres-db';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../faults/server-process';
import { postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../faults/throwaway-postgres';
import { startTestIdp, type TestIdp } from '../test-support/test-idp';

// Each process keeps users, rights and the content lists in memory (plugins/app/cache/hub-cache.ts).
// A change made through process A must be seen by process B within a second: B hears it through
// PostgreSQL LISTEN/NOTIFY. Every case warms B's cache first (the same call twice), then changes
// the data through A's API and polls B.
const bin = postgresBin();
const skip = !bin ? 'PostgreSQL is not installed' : false;
const WITHIN_MS = 1000;

interface Answer {
  status: number;
  etag: string | null;
  body: { items?: { id: number; title: string; status: number; entity?: { id: number } | null }[]; total?: number };
}

describe('cache invalidation across two server processes on one PostgreSQL', { skip }, () => {
  let postgres: ThrowawayPostgres;
  let db: Db;
  let idp: TestIdp;
  let a: ServerProcess;
  let b: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-cache-data-'));
  const ids: Record<string, number> = {};

  before(async () => {
    postgres = await startThrowawayPostgres(bin!);
    db = await openPostgres({ connectionString: postgres.url });
    await migrate(db);
    idp = await startTestIdp();
    const p = idp.provider;
    await db.query(
      `INSERT INTO identity_providers (name, label, kind, issuer, client_id, authorization_endpoint, token_endpoint, user_id_field, enabled, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [p.name, p.label, p.kind, p.issuer, p.client_id, p.authorization_endpoint, p.token_endpoint, p.user_id_field, p.enabled, p.position],
    );
    const env = { DATABASE_URL: postgres.url, EMBEDDED_IDP: 'false' };
    [a, b] = await Promise.all([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);

    const { rows } = await db.query<{ key: string; id: number }>(
      `SELECT email AS key, id FROM users WHERE email IN ('admin@demo.test', 'contributor@northwind.test', 'user@northwind.test', 'user@contoso.test')
       UNION ALL SELECT slug, id FROM entities WHERE slug IN ('northwind-traders', 'contoso')`,
    );
    for (const row of rows) ids[row.key] = row.id;
    assert.equal(Object.keys(ids).length, 6, JSON.stringify(ids));
    // Three advices of this test, newest of all: one for Nina alone, two for all of Contoso.
    const advice = async (title: string, entity: number, audience: string) => {
      const created = await db.query<{ id: number }>(
        `INSERT INTO advices (title, description, status, audience_type, entity_id, created_by) VALUES ($1, '', 16, $2, $3, $4) RETURNING id`,
        [title, audience, entity, ids['admin@demo.test']],
      );
      return created.rows[0]!.id;
    };
    ids.personal = await advice('For Nina only', ids['northwind-traders']!, 'user');
    await db.query('INSERT INTO advice_users (advice_id, user_id) VALUES ($1, $2)', [ids.personal, ids['user@northwind.test']]);
    ids.unpublished = await advice('Contoso, to be unpublished', ids.contoso!, 'multi_users');
    ids.deleted = await advice('Contoso, to be deleted', ids.contoso!, 'multi_users');
  });

  after(async () => {
    for (const server of [a, b]) if (server) await stopServerProcess(server);
    await db?.close();
    await idp?.close();
    postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tokens = new Map<string, string>();
  async function token(email: string): Promise<string> {
    if (!tokens.has(email)) {
      const response = await fetch(`${a.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: await idp.sign({ email }), provider: idp.provider.name }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      tokens.set(email, ((await response.json()) as { access_token: string }).access_token);
    }
    return tokens.get(email)!;
  }

  async function call(server: ServerProcess, email: string, path: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${server.base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${await token(email)}`, ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get('etag'), body: text ? (JSON.parse(text) as Answer['body']) : {} };
  }

  /** The same call on B twice (the second from B's cache), then `change` through A; ms until B answers so that `seen` holds. */
  async function seenOnB(read: () => Promise<Answer>, change: () => Promise<Answer>, seen: (answer: Answer) => boolean): Promise<number> {
    const first = await read();
    assert.equal(seen(first), false, `before the change: ${JSON.stringify(first).slice(0, 300)}`);
    assert.equal(seen(await read()), false);
    const changed = await change();
    assert.ok(changed.status < 300, `the change through A answered ${changed.status} ${JSON.stringify(changed.body)}`);
    const start = Date.now();
    let last = first;
    while (Date.now() - start < 3 * WITHIN_MS) {
      last = await read();
      if (seen(last)) return Date.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.fail(`B still answers as before the change after ${3 * WITHIN_MS} ms: ${JSON.stringify(last).slice(0, 300)}`);
  }

  const titles = (answer: Answer) => (answer.body.items ?? []).map((item) => item.title);

  test('should refuse on B, within a second, a contributor demoted to user through A', async () => {
    const contributor = 'contributor@northwind.test';
    const before = await call(b, contributor, '/api/advices?includes_unpublished=true&page_size=100');
    assert.ok(
      (before.body.items ?? []).some((item) => item.status === 0),
      'a contributor sees drafts',
    );
    const ms = await seenOnB(
      () => call(b, contributor, '/api/admin/advices'),
      () =>
        call(a, 'admin@demo.test', `/api/admin/users/${ids[contributor]}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rights: ['user'] }),
        }),
      (answer) => answer.status === 403,
    );
    assert.ok(ms < WITHIN_MS, `seen after ${ms} ms`);
    // Drafts are no longer in their list either.
    const list = await call(b, contributor, '/api/advices?includes_unpublished=true&page_size=100');
    assert.equal(list.status, 200);
    assert.ok(
      (list.body.items ?? []).every((item) => item.status === 16),
      'no draft in a user list',
    );
  });

  test('should drop on B, within a second, an advice whose audience no longer includes the user (changed through A)', async () => {
    const ms = await seenOnB(
      () => call(b, 'user@northwind.test', '/api/advices?page_size=100'),
      () => call(a, 'admin@demo.test', `/api/admin/advices/${ids.personal}/users/remove/${ids['user@northwind.test']}`, { method: 'PUT' }),
      (answer) => answer.status === 200 && !titles(answer).includes('For Nina only'),
    );
    assert.ok(ms < WITHIN_MS, `seen after ${ms} ms`);
  });

  test('should drop on B, within a second, an advice unpublished through A, and no longer answer 304 to the old ETag', async () => {
    const carl = 'user@contoso.test';
    const warm = await call(b, carl, '/api/advices?page_size=100');
    assert.ok(titles(warm).includes('Contoso, to be unpublished'));
    assert.ok(warm.etag);
    const current = await call(b, carl, '/api/advices?page_size=100', { headers: { 'if-none-match': warm.etag } });
    assert.equal(current.status, 304, 'the browser copy is current before the change');
    const ms = await seenOnB(
      () => call(b, carl, '/api/advices?page_size=100', { headers: { 'if-none-match': warm.etag! } }),
      () => call(a, 'admin@demo.test', `/api/admin/advices/${ids.unpublished}/unpublish`, { method: 'PUT' }),
      (answer) => answer.status === 200 && !titles(answer).includes('Contoso, to be unpublished'),
    );
    assert.ok(ms < WITHIN_MS, `seen after ${ms} ms`);
  });

  test('should drop on B, within a second, an advice deleted through A', async () => {
    const ms = await seenOnB(
      () => call(b, 'user@contoso.test', '/api/advices?page_size=100'),
      () => call(a, 'admin@demo.test', `/api/admin/advices/${ids.deleted}`, { method: 'DELETE' }),
      (answer) => answer.status === 200 && !titles(answer).includes('Contoso, to be deleted'),
    );
    assert.ok(ms < WITHIN_MS, `seen after ${ms} ms`);
  });

  test("should show on B, within a second, the new entity's advices of a user moved to another entity through A", async () => {
    const nina = 'user@northwind.test';
    const ms = await seenOnB(
      () => call(b, nina, '/api/advices?page_size=100'),
      () => call(a, 'admin@demo.test', `/api/admin/entities/${ids.contoso}/user/add/${ids[nina]}`, { method: 'PUT' }),
      (answer) =>
        answer.status === 200 &&
        (answer.body.items ?? []).length > 0 &&
        answer.body.items!.every((item) => item.entity?.id === ids.contoso),
    );
    assert.ok(ms < WITHIN_MS, `seen after ${ms} ms`);
  });
});
