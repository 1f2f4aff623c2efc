import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resetTables } from './demo-snapshot';
import { DB_KIND, resetData, testDb } from './helper';
import { signedInApp } from './signed-in-app';

/** Each table's rows, and the values of the sequences, as text: equal when the data is. */
async function digest(): Promise<Record<string, string>> {
  const db = await testDb();
  const out: Record<string, string> = {};
  for (const tablename of await resetTables(db)) {
    const { rows } = await db.query<{ rows: string | null }>(
      `SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS rows FROM "${tablename}" t`,
    );
    out[tablename] = rows[0]!.rows ?? '';
  }
  const { rows: sequences } = await db.query<{ sequencename: string; last_value: string | null }>(
    'SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename',
  );
  for (const { sequencename, last_value } of sequences) out[`sequence ${sequencename}`] = String(last_value);
  return out;
}

/** The reset between tests (helper.ts): the snapshot of the demo data put back. */
describe(`the demo data put back before each test (${DB_KIND})`, () => {
  const { call } = signedInApp({ resetData: false });

  test('should put back every row and every sequence as the file found them', async () => {
    await resetData();
    const before = await digest();
    const db = await testDb();
    await db.query(`UPDATE users SET first_name = 'Changed' WHERE email = 'user@northwind.test'`);
    await db.query('DELETE FROM messages WHERE id = (SELECT min(id) FROM messages)');
    await db.query(`INSERT INTO categories (name, color) VALUES ('Snapshot test', '#123456')`);
    await db.query('DELETE FROM trainings');
    const changed = await digest();
    assert.notDeepEqual(changed, before);
    assert.notEqual(changed['sequence categories_id_seq'], before['sequence categories_id_seq']);

    await resetData();
    assert.deepEqual(await digest(), before);
  });

  test("should tell the server's cache, which then answers the data put back", async () => {
    await resetData();
    const titles = async () =>
      ((await call('user@northwind.test', 'GET', '/api/advices')).json() as { items: Array<{ title: string }> }).items.map(
        (advice) => advice.title,
      );
    const original = await titles();
    assert.ok(original.includes('Speed up your monthly sales report'));
    await (await testDb()).query(`UPDATE advices SET title = 'Renamed by the test' WHERE title = 'Speed up your monthly sales report'`);
    assert.ok((await titles()).includes('Renamed by the test'));

    await resetData();
    assert.deepEqual(await titles(), original);
  });
});
