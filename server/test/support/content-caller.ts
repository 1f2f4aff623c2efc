import type { FastifyInstance, InjectOptions } from 'fastify';
import { testDb } from '../helper';
import { loginAs, type TestIdp } from './test-idp';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as a demo person, signed in once through the test provider (the real login path). */
export function contentCaller(app: FastifyInstance, idp: TestIdp) {
  const tokens = new Map<string, string>();
  return async function call(email: string, method: Method, url: string, options: { payload?: unknown; headers?: Record<string, string> } = {}) {
    if (!tokens.has(email)) tokens.set(email, await loginAs(app, idp, email));
    const request: InjectOptions = { method, url, headers: { authorization: `Bearer ${tokens.get(email)}`, ...options.headers } };
    if (options.payload !== undefined) request.payload = options.payload as InjectOptions['payload'];
    return app.inject(request);
  };
}

/** The first column `id` of a query on this file's database. */
export async function rowId(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await (await testDb()).query<{ id: number }>(sql, params);
  if (!rows[0]) throw new Error(`nothing found: ${sql} ${JSON.stringify(params)}`);
  return rows[0].id;
}

export async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await (await testDb()).query<{ count: number }>(sql, params);
  return Number(rows[0]!.count);
}

/** The audit lines of one action on one item, newest first. */
export async function audited(action: string, itemId?: number) {
  const { rows } = await (await testDb()).query<{ actor_id: number; display_as_user_id: number | null; item_id: number | null; details: Record<string, unknown> | null }>(
    `SELECT actor_id, display_as_user_id, item_id, details FROM audit_log WHERE action = $1 ${itemId === undefined ? '' : 'AND item_id = $2'} ORDER BY id DESC`,
    itemId === undefined ? [action] : [action, itemId],
  );
  return rows;
}

/**
 * Makes every audit write fail until the returned function is called: a change whose audit line
 * cannot be written must not be kept (they share one transaction).
 */
export async function breakAuditLog(): Promise<() => Promise<void>> {
  const db = await testDb();
  await db.exec('ALTER TABLE audit_log ADD CONSTRAINT test_audit_refused CHECK (false) NOT VALID');
  return () => db.exec('ALTER TABLE audit_log DROP CONSTRAINT test_audit_refused');
}
