import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, resetData, testDb } from '../test-support/helper';

/** A file's copy of its company (migration 0053): written by the database, never by the caller, never stale. */
describe(`exchange_files.entity_id (${DB_KIND})`, () => {
  test("should hold every file's company, set on insert whatever the caller wrote, and kept on update", async () => {
    await resetData();
    const db = await testDb();
    const stale = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM exchange_files f JOIN exchange_folders d ON d.id = f.folder_id
         JOIN exchange_collections c ON c.id = d.collection_id WHERE f.entity_id <> c.entity_id`,
    );
    assert.equal(stale.rows[0]!.count, 0);
    const folder = await db.query<{ id: number; entity_id: number; other: number }>(
      `SELECT d.id, c.entity_id, (SELECT min(id) FROM entities WHERE id <> c.entity_id) AS other
         FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id ORDER BY d.id LIMIT 1`,
    );
    const { id: folderId, entity_id: entityId, other } = folder.rows[0]!;
    const inserted = await db.query<{ id: number; entity_id: number }>(
      `INSERT INTO exchange_files (folder_id, name, name_original, entity_id) VALUES ($1, 'entity-check.csv', 'entity-check.csv', $2)
       RETURNING id, entity_id`,
      [folderId, other],
    );
    assert.equal(inserted.rows[0]!.entity_id, entityId);
    const updated = await db.query<{ entity_id: number }>('UPDATE exchange_files SET entity_id = $2 WHERE id = $1 RETURNING entity_id', [
      inserted.rows[0]!.id,
      other,
    ]);
    assert.equal(updated.rows[0]!.entity_id, entityId);
    await db.query('DELETE FROM exchange_files WHERE id = $1', [inserted.rows[0]!.id]);
  });
});
