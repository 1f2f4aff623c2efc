import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { migrate, readMigrations } from '../../src/db/migrate';
import { seedDemoData } from '../../src/db/seed/demo-data';
import { DB_KIND, testDb } from '../test-support/helper';

describe(`migrations and demo data (${DB_KIND})`, () => {
  test('should record every migration once and apply nothing twice', async () => {
    const db = await testDb();
    assert.deepEqual(await migrate(db), []);
    const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    assert.deepEqual(
      rows.map((row) => row.version),
      (await readMigrations()).map((migration) => migration.version),
    );
  });

  test('should refuse two migrations with the same number, naming both files, before applying any', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hub-migrations-'));
    try {
      await writeFile(join(folder, '0001_first.sql'), 'CREATE TABLE duplicate_number_first (id int);');
      await writeFile(join(folder, '0002_mine.sql'), 'CREATE TABLE duplicate_number_mine (id int);');
      await writeFile(join(folder, '0002_theirs.sql'), 'CREATE TABLE duplicate_number_theirs (id int);');
      await assert.rejects(readMigrations(folder), /"0002_mine\.sql" and "0002_theirs\.sql" share the number 0002/);
      const db = await testDb();
      await assert.rejects(migrate(db, folder), /0002_mine\.sql.*0002_theirs\.sql/);
      const { rows } = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name LIKE 'duplicate_number_%'`);
      assert.deepEqual(rows, []);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('should seed only an empty database', async () => {
    const db = await testDb();
    const count = async () => (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users')).rows[0]!.count;
    const before = await count();
    assert.equal(before, 6);
    assert.equal(await seedDemoData(db), false);
    assert.equal(await count(), before);
  });

  test('should hold the model of the specification', async () => {
    const db = await testDb();
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
    );
    const tables = rows.map((row) => row.table_name);
    for (const table of [
      'advice_users',
      'advices',
      'audit_log',
      'categories',
      'dashboard_users',
      'dashboards',
      'discussions',
      'entities',
      'group_users',
      'groups',
      'identity_providers',
      'images',
      'messages',
      'news_items',
      'tickets',
      'trainings',
      'user_contacts',
      'users',
    ]) {
      assert.ok(tables.includes(table), table);
    }
    await assert.rejects(
      db.query(`INSERT INTO images (name, category, storage_key, mime, size_bytes) VALUES ('x', 'poster', 'k', 'image/png', 1)`),
    );
    await assert.rejects(db.query(`INSERT INTO users (email) VALUES ('Upper@Case.test')`));
    const upcoming = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM trainings WHERE date_debut >= date_trunc('day', now()) + interval '1 day'`,
    );
    assert.ok(upcoming.rows[0]!.count >= 3);
  });
});
