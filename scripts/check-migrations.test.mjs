// The expand-then-contract check on a small repository made for each test: node --test scripts/check-migrations.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { checkMigrations, MIGRATIONS, removals } from './check-migrations.mjs';

let folder;
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

const git = (...args) => execFileSync('git', args, { cwd: folder, stdio: 'ignore' });

function write(files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

/** A git repository whose first commit holds `files` (path → text). */
function repository(files) {
  folder = mkdtempSync(join(tmpdir(), 'check-migrations-'));
  git('init', '-q');
  git('config', 'user.email', 'test@example.test');
  git('config', 'user.name', 'Test');
  write(files);
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  return folder;
}

/** A second commit adding `files`. */
function commit(files) {
  write(files);
  git('add', '.');
  git('commit', '-q', '-m', 'next');
}

const release = {
  [`${MIGRATIONS}/0001_first.sql`]:
    'CREATE TABLE notes (id int PRIMARY KEY, body text, legacy_flag boolean);\nCREATE TABLE old_things (id int);\n',
  'server/src/notes.ts': "export const list = 'SELECT id, body, legacy_flag FROM notes';\n",
  'server/src/things.ts': "export const things = 'SELECT id FROM old_things';\n",
};

describe('removals', () => {
  it('should find dropped and renamed tables and columns, and nothing else', () => {
    const sql = `-- DROP TABLE in_a_comment;
      DROP TABLE IF EXISTS a, public.b CASCADE;
      DROP VIEW v;
      ALTER TABLE c RENAME TO d;
      ALTER TABLE e RENAME COLUMN f TO g;
      ALTER TABLE ONLY h DROP COLUMN IF EXISTS i, DROP j, DROP CONSTRAINT k, ALTER COLUMN l DROP NOT NULL;
      ALTER TABLE m ADD COLUMN n text;
      DROP INDEX o;`;
    assert.deepEqual(removals(sql), [
      { kind: 'table', table: 'a', how: 'drops' },
      { kind: 'table', table: 'b', how: 'drops' },
      { kind: 'table', table: 'v', how: 'drops' },
      { kind: 'table', table: 'c', how: 'renames' },
      { kind: 'column', table: 'e', column: 'f', how: 'renames' },
      { kind: 'column', table: 'h', column: 'i', how: 'drops' },
      { kind: 'column', table: 'h', column: 'j', how: 'drops' },
    ]);
  });

  it('should leave out what a line allows', () => {
    assert.deepEqual(
      removals('-- check-migrations: allow legacy_flag unused since the last release\nALTER TABLE notes DROP COLUMN legacy_flag;'),
      [],
    );
  });
});

describe('checkMigrations', () => {
  it('should refuse a dropped column that the previous commit’s code uses, naming the file', () => {
    repository(release);
    commit({ [`${MIGRATIONS}/0002_contract.sql`]: 'ALTER TABLE notes DROP COLUMN legacy_flag;\n' });
    const problems = checkMigrations(folder, 'HEAD~1');
    assert.equal(problems.length, 1);
    assert.match(problems[0], /0002_contract\.sql: drops column notes\.legacy_flag.*server\/src\/notes\.ts/);
  });

  it('should refuse a renamed table, and a migration not yet committed', () => {
    repository(release);
    write({ [`${MIGRATIONS}/0002_rename.sql`]: 'ALTER TABLE old_things RENAME TO new_things;\n' });
    assert.match(checkMigrations(folder, 'HEAD').join('\n'), /renames table old_things.*things\.ts/);
  });

  it('should accept the contract once the previous release stopped using the name', () => {
    repository(release);
    // The expand release: the code stops reading the column.
    commit({ 'server/src/notes.ts': "export const list = 'SELECT id, body FROM notes';\n" });
    // The contract release: the column goes.
    commit({ [`${MIGRATIONS}/0002_contract.sql`]: 'ALTER TABLE notes DROP COLUMN legacy_flag;\nDROP TABLE unknown_table;\n' });
    assert.deepEqual(checkMigrations(folder, 'HEAD~1'), []);
  });

  it('should accept added columns and tables, and look only at migrations added since the base', () => {
    repository({ ...release, [`${MIGRATIONS}/0002_old.sql`]: 'ALTER TABLE notes DROP COLUMN legacy_flag;\n' });
    commit({ [`${MIGRATIONS}/0003_expand.sql`]: 'ALTER TABLE notes ADD COLUMN title text;\nCREATE TABLE more (id int);\n' });
    assert.deepEqual(checkMigrations(folder, 'HEAD~1'), []);
  });
});
