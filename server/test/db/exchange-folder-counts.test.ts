import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../test-support/helper';
import { signedInApp } from '../test-support/signed-in-app';
import { filesCaller } from '../test-support/files-caller';

/**
 * Collectmaster's counts, kept by triggers (migration 0086): after every kind of write, the rows of
 * exchange_folder_counts must equal a count of the files per folder (all, missing), those of
 * exchange_entity_counts a count of the files waiting for review per company, and the routes that
 * read them must say what a count of the files says.
 */
describe(`exchange_folder_counts and exchange_entity_counts, Collectmaster's kept counts (${DB_KIND})`, () => {
  const hub = signedInApp();
  const files = filesCaller(
    () => hub.app,
    () => hub.idp,
  );

  async function assertCounts(step: string) {
    const db = await testDb();
    const kept = await db.query(
      `SELECT folder_id, entity_id, files, missing FROM exchange_folder_counts WHERE files <> 0 OR missing <> 0 ORDER BY folder_id`,
    );
    const real = await db.query(
      `SELECT folder_id, min(entity_id) AS entity_id, count(*)::int AS files, (count(*) FILTER (WHERE state = 1))::int AS missing
         FROM exchange_files GROUP BY folder_id ORDER BY folder_id`,
    );
    const keptCompanies = await db.query(`SELECT entity_id, uploaded FROM exchange_entity_counts WHERE uploaded <> 0 ORDER BY entity_id`);
    const realCompanies = await db.query(
      `SELECT entity_id, count(*)::int AS uploaded FROM exchange_files WHERE state = 2 GROUP BY entity_id ORDER BY entity_id`,
    );
    assert.deepEqual(keptCompanies.rows, realCompanies.rows, `companies' counts after ${step}`);
    assert.deepEqual(kept.rows, real.rows, `counts after ${step}`);
  }

  test('should follow new, sent, reviewed, moved and deleted files, and deleted folders, collections and companies', async () => {
    const db = await testDb();
    await assertCounts('the seed');
    const { rows: folders } = await db.query<{ id: number; collection_id: number; entity_id: number }>(
      `SELECT d.id, d.collection_id, c.entity_id FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id
        ORDER BY c.entity_id, d.id`,
    );
    assert.ok(folders.length >= 3);
    const [first, second] = folders as [(typeof folders)[0], (typeof folders)[0]];

    // Forty files in one statement: requested (missing), sent (waiting for review), reviewed.
    const { rows: made } = await db.query<{ id: number }>(
      `INSERT INTO exchange_files (folder_id, name, name_original, state, storage_key, entity_id)
       SELECT CASE WHEN k % 2 = 0 THEN $1::int ELSE $2::int END, 'counted-' || k || '.csv', 'counted-' || k || '.csv',
              1 + k % 4, CASE WHEN k % 4 = 0 THEN NULL ELSE 'counted-key-' || k END, 0
         FROM generate_series(1, 40) k RETURNING id`,
      [first.id, second.id],
    );
    const ids = made.map((row) => row.id);
    await assertCounts('forty files');

    await db.query(`UPDATE exchange_files SET state = 2, storage_key = 'sent-' || id WHERE id = ANY($1::int[]) AND state = 1`, [
      ids.slice(0, 20),
    ]);
    await db.query(`UPDATE exchange_files SET state = 3 WHERE id = ANY($1::int[]) AND state = 2`, [ids.slice(20, 30)]);
    await db.query(`UPDATE exchange_files SET comment = 'Seen' WHERE id = ANY($1::int[])`, [ids.slice(30, 35)]);
    await assertCounts('files sent, reviewed and commented');

    await db.query(`UPDATE exchange_files SET folder_id = $2 WHERE id = ANY($1::int[])`, [ids.slice(30, 36), folders.at(-1)!.id]);
    await assertCounts('files moved to another company’s folder');
    await db.query(`DELETE FROM exchange_files WHERE id = ANY($1::int[])`, [ids.slice(36)]);
    await assertCounts('files deleted');

    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO exchange_files (folder_id, name, name_original, state, storage_key, entity_id) VALUES ($1, 'tx.csv', 'tx.csv', 2, 'tx-key', 0)`,
        [first.id],
      );
      await tx.query(`UPDATE exchange_files SET state = 4 WHERE folder_id = $1 AND name = 'tx.csv'`, [first.id]);
      await tx.query(`DELETE FROM exchange_files WHERE id = $1`, [ids[0]]);
    });
    await assertCounts('several changes in one transaction');

    await db.query(`DELETE FROM exchange_folders WHERE id = $1`, [second.id]);
    await assertCounts('a folder deleted');
    await db.query(`DELETE FROM exchange_collections WHERE id = $1`, [first.collection_id]);
    await assertCounts('a collection deleted');
    await db.query(`DELETE FROM entities WHERE id = $1`, [folders.at(-1)!.entity_id]);
    await assertCounts('a company deleted');
  });

  test('should answer the counters and a folder’s total from the kept counts, as a count of the files says', async () => {
    const db = await testDb();
    const { rows } = await db.query<{ id: number; entity_id: number }>(
      `SELECT d.id, c.entity_id FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id
         JOIN entities e ON e.id = c.entity_id WHERE e.slug = 'northwind-traders' ORDER BY d.id LIMIT 1`,
    );
    const folder = rows[0]!;
    await db.query(
      `INSERT INTO exchange_files (folder_id, name, name_original, state, storage_key, entity_id)
       SELECT $1, 'route-' || k || '.csv', 'route-' || k || '.csv', 2, 'route-key-' || k, 0 FROM generate_series(1, 7) k`,
      [folder.id],
    );
    const counted = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
    const inFolder = await counted('SELECT count(*)::int AS n FROM exchange_files WHERE folder_id = $1', [folder.id]);
    const waiting = await counted('SELECT count(*)::int AS n FROM exchange_files WHERE entity_id = $1 AND state = 2', [folder.entity_id]);
    const waitingEverywhere = await counted('SELECT count(*)::int AS n FROM exchange_files WHERE state = 2', []);
    assert.ok(waiting >= 7);

    const page = await files.call('user@northwind.test', 'GET', `/api/v2/folder/${folder.id}/files?page_size=5`);
    assert.equal(page.statusCode, 200, page.body);
    assert.equal(page.json().total, inFolder);
    const described = await files.call('user@northwind.test', 'GET', `/api/v2/folder/${folder.id}`);
    assert.equal(described.statusCode, 200, described.body);
    assert.equal(described.json().files_count, inFolder);
    assert.equal((await files.call('user@northwind.test', 'GET', '/api/v2/counters')).json().uploaded, waiting);
    assert.equal((await files.call('admin@demo.test', 'GET', '/api/v2/counters')).json().uploaded, waitingEverywhere);
  });
});
