// Made once per run by scripts/run-tests.mjs: a migrated PGlite with the demo data and the embedded
// provider's tables, dumped to a tarball every test file loads in memory.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../src/app';
import { openPglite } from '../../src/db/pglite-db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from './test-config';

const out = process.argv[2];
if (!out) throw new Error('usage: make-template.ts <file>');
const db = await openPglite();
const dataDir = mkdtempSync(join(tmpdir(), 'hub-template-'));
const app = await buildApp(testConfig({ dataDir }), { db });
await app.ready();
await app.close();
const dump = await db.dump();
writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
await db.close();
rmSync(dataDir, { recursive: true, force: true });
