import type { FastifyInstance, InjectOptions } from 'fastify';
import { testDb } from './helper';
import { loginAs, type TestIdp } from './test-idp';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls the API as a demo person, signed in once through the test provider (the real login path).
 * `headers` adds context headers (Display-As-User-Id, X-Entity-ID).
 */
export function caller(app: FastifyInstance, idp: TestIdp) {
  const tokens = new Map<string, string>();
  async function call(email: string, method: Method, url: string, options: { payload?: unknown; headers?: Record<string, string> } = {}) {
    if (!tokens.has(email)) tokens.set(email, await loginAs(app, idp, email));
    const request: InjectOptions = { method, url, headers: { authorization: `Bearer ${tokens.get(email)}`, ...options.headers } };
    if (options.payload !== undefined) request.payload = options.payload as InjectOptions['payload'];
    return app.inject(request);
  }
  return { call, forget: () => tokens.clear() };
}

/** The id of one row found by a query on this file's database. */
export async function idOf(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await (await testDb()).query<{ id: number }>(sql, params);
  if (!rows[0]) throw new Error(`nothing found: ${sql} ${JSON.stringify(params)}`);
  return rows[0].id;
}

export const entityId = (name: string) => idOf('SELECT id FROM entities WHERE name = $1', [name]);

/** The audit lines of one action, newest first. */
export async function auditLines(
  action: string,
): Promise<Array<{ actor_id: number; item_id: number | null; details: Record<string, unknown> | null }>> {
  const { rows } = await (
    await testDb()
  ).query<{ actor_id: number; item_id: number | null; details: Record<string, unknown> | null }>(
    'SELECT actor_id, item_id, details FROM audit_log WHERE action = $1 ORDER BY id DESC',
    [action],
  );
  return rows;
}

/** A row of `images` (the tests need no bytes: only the category matters here). */
export async function insertImage(
  category: 'banner' | 'thumbnail' | 'profile' | 'logo' | 'description',
  name = `${category} image`,
): Promise<number> {
  return idOf(`INSERT INTO images (name, category, storage_key, mime, size_bytes) VALUES ($1, $2, $3, 'image/png', 68) RETURNING id`, [
    name,
    category,
    `test/${category}-${Math.random().toString(36).slice(2)}.png`,
  ]);
}
