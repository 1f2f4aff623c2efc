// Made once per run by scripts/run-tests.mjs: the migrated database with the demo data and the
// embedded provider's tables, which every test file starts from.
//  - `make-template.ts <file>`: a PGlite, dumped to a tarball every test file loads in memory;
//  - `make-template.ts --postgres <name>`: a database <name> on DATABASE_URL's server, which every
//    test file copies with CREATE DATABASE … TEMPLATE (a file copy, instead of migrating and seeding).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db/db';
import { openPglite } from '../../src/db/pglite-db';
import { openPostgres } from '../../src/db/postgres-db';
import { databaseUrl, dropDatabase } from './postgres-databases';
import { takeDemoSnapshot } from './demo-snapshot';
import { testConfig } from './test-config';

async function prepare(db: Db): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-template-'));
  const app = await buildApp(testConfig({ dataDir }), { db });
  await app.ready();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  // What each test's reset puts back (demo-snapshot.ts).
  await takeDemoSnapshot(db);
}

if (process.argv[2] === '--postgres') {
  const name = process.argv[3];
  const url = process.env.DATABASE_URL;
  if (!name || !url) throw new Error('usage: DATABASE_URL=… make-template.ts --postgres <name>');
  await dropDatabase(url, name);
  const admin = await openPostgres({ connectionString: url, max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const db = await openPostgres({ connectionString: databaseUrl(url, name), max: 5 });
  await prepare(db);
  await db.close();
} else {
  const out = process.argv[2];
  if (!out) throw new Error('usage: make-template.ts <file>');
  const db = await openPglite();
  await prepare(db);
  const dump = await db.dump();
  writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
