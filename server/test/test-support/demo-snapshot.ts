import type { Db, Queryable } from '../../src/db/db';

/**
 * The demo data as a test file found it, kept beside it in the same database, and put back before
 * each test (helper.ts, resetData()).
 *
 * Emptying every table and seeding the demo data again (a TRUNCATE of some 30 tables and their
 * indexes, then some 300 inserts one by one) cost minutes of the suite, in each of its two passes;
 * copying the rows back from a snapshot is about a tenth of that
 * (docs/journal/2026-11-26-server-test-setup.md).
 *
 * - The snapshot is taken once, of the migrated and seeded database, before any test has touched
 *   it: in the run's template (make-template.ts), else when a file opens its own database.
 * - It holds the tables that a reset empties (all but the migrations and the identity providers'
 *   tables, as before), and the values of the sequences they own (TRUNCATE … RESTART IDENTITY then
 *   the seed left them there).
 * - It lives in a schema of its own, named after the database's schema, so that files sharing a
 *   PostgreSQL database in schemas of their own never see each other's.
 * - The copy back runs with `session_replication_role = replica`: no trigger runs, so the rows come
 *   back exactly as they were (no search vector recomputed, no notification made by an insert), as
 *   TRUNCATE ran no row trigger either. What TRUNCATE did fire is the server cache's notification
 *   (`hub_cache_notify`, migration 0040) and the remotes registry's (`hub_remotes_notify`, 0097):
 *   each is sent by hand, once per table that has it.
 */

/** Tables a reset leaves alone: the migrations, and the identity providers and their accounts. */
const KEPT_TABLES = ['schema_migrations', 'identity_providers', 'idp_accounts'];

const snapshotSchema = (schema: string) => `${schema}_demo_snapshot`;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function currentSchema(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return rows[0]!.schema;
}

/** The tables a reset puts back (or empties), in this database's schema. */
export async function resetTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ tablename: string }>(
    'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND NOT (tablename = ANY($1)) ORDER BY tablename',
    [KEPT_TABLES],
  );
  return rows.map((row) => row.tablename);
}

/** The sequences owned by the tables a reset puts back (their serial and identity columns). */
async function ownedSequences(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT s.relname AS name
       FROM pg_class s
       JOIN pg_namespace n ON n.oid = s.relnamespace
       JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
      WHERE s.relkind = 'S' AND n.nspname = current_schema() AND NOT (t.relname = ANY($1))
      ORDER BY s.relname`,
    [KEPT_TABLES],
  );
  return rows.map((row) => row.name);
}

/** Takes the snapshot of the database as it is now, unless it has one. */
export async function takeDemoSnapshot(db: Db): Promise<void> {
  const schema = snapshotSchema(await currentSchema(db));
  const { rows } = await db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  if (rows.length > 0) return;
  const snapshot = quote(schema);
  const tables = await resetTables(db);
  const sequences = await ownedSequences(db);
  const sequenceValues = sequences.length
    ? sequences.map((name) => `SELECT '${name}'::text AS name, last_value, is_called FROM ${quote(name)}`).join(' UNION ALL ')
    : 'SELECT NULL::text AS name, NULL::bigint AS last_value, NULL::boolean AS is_called WHERE false';
  await db.transaction((tx) =>
    tx.exec(
      [
        `CREATE SCHEMA ${snapshot}`,
        ...tables.map((table) => `CREATE TABLE ${snapshot}.${quote(table)} AS TABLE ${quote(table)}`),
        `CREATE TABLE ${snapshot}."(sequences)" AS ${sequenceValues}`,
      ].join(';\n'),
    ),
  );
}

/**
 * The statements that put the snapshot back, to run in one transaction (built once per database:
 * they depend only on its tables); null when the database has no snapshot.
 */
export async function restoreStatements(db: Queryable): Promise<string | null> {
  const schema = snapshotSchema(await currentSchema(db));
  const { rows: tables } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename <> '(sequences)' ORDER BY tablename`,
    [schema],
  );
  if (tables.length === 0) return null;
  // The columns a row is written with: all but the generated ones, which PostgreSQL computes (the
  // snapshot, made with CREATE TABLE AS, holds them as plain columns).
  const { rows: live } = await db.query<{ tablename: string; columns: string }>(
    `SELECT c.relname AS tablename, string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS columns
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      GROUP BY c.relname`,
  );
  const columns = new Map(live.map((row) => [row.tablename, row.columns]));
  // The tables whose TRUNCATE notified the server cache, or the remotes registry (migration 0097).
  const { rows: cached } = await db.query<{ tablename: string; channel: string }>(
    `SELECT DISTINCT c.relname AS tablename, CASE p.proname WHEN 'hub_cache_notify' THEN 'hub_cache' ELSE 'hub_remotes' END AS channel
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE n.nspname = current_schema() AND p.proname IN ('hub_cache_notify', 'hub_remotes_notify')`,
  );
  const names = tables.map((row) => row.tablename).filter((table) => columns.has(table));
  const snapshot = quote(schema);
  return [
    'SET LOCAL session_replication_role = replica',
    ...names.map((table) => `DELETE FROM ${quote(table)}`),
    ...names.map((table) => {
      const list = columns.get(table)!;
      return `INSERT INTO ${quote(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM ${snapshot}.${quote(table)}`;
    }),
    `SELECT setval(quote_ident(name), last_value, is_called) FROM ${snapshot}."(sequences)"`,
    ...cached.filter((row) => names.includes(row.tablename)).map((row) => `SELECT pg_notify('${row.channel}', '${row.tablename}')`),
  ].join(';\n');
}
