// Where one search's time goes, kind by kind: the search called directly (no HTTP), by one caller,
// with every kind and then with each kind alone, on the data set bench/search.ts keeps in a schema.
//
//   cd server && DATABASE_URL=postgres://… BENCH_SCHEMA=name npx tsx bench/search-kinds.ts
//   (run bench/search.ts once with the same BENCH_SCHEMA first: it writes the data set there)
//   BENCH_CALLER=admin@demo.test BENCH_SCOPE=admin for the administrator in the consoles' scope
//   (default: the customer user@northwind.test, portal scope), BENCH_RUNS=400 searches per line.
//
// Prints, per query, the milliseconds of one search with every kind, then with each kind alone:
// a kind alone costs what the search's fixed part does (its other statements, the server's own
// work) plus its own share. One caller on an idle machine: the figures rank the kinds, they are not
// the latencies under load (bench/search.ts). Measured, not asserted (docs/performance.md).
import { SEARCH_KINDS, type SearchKind } from '@hub/shared/api';
import type { Session } from '../src/lib/auth/session';
import type { UserRecord } from '../src/lib/auth/user-record';
import { openPostgres } from '../src/db/postgres-db';
import { search, searchedKinds, type SearchRequest } from '../src/lib/search/search';
import { SEARCH_BENCH_QUERIES } from './search-queries';

const url = process.env.DATABASE_URL;
const schema = process.env.BENCH_SCHEMA;
if (!url || !schema) {
  console.error('DATABASE_URL and BENCH_SCHEMA name the data set bench/search.ts kept (see this file).');
  process.exit(1);
}
const caller = process.env.BENCH_CALLER ?? 'user@northwind.test';
const scope: SearchRequest['scope'] = process.env.BENCH_SCOPE === 'admin' ? 'admin' : 'portal';
const runs = Number(process.env.BENCH_RUNS ?? 400);

const db = await openPostgres({ connectionString: url, schema, max: 2 });
try {
  const { rows } = await db.query<UserRecord>(
    `SELECT id, email, first_name, last_name, rights, entity_id, 0 AS token_version FROM users WHERE email = $1`,
    [caller],
  );
  const user = rows[0];
  if (!user) throw new Error(`${caller} is not in schema ${schema}`);
  const session: Session = { user, actor: user, rights: user.rights, displayAs: false, entityId: user.entity_id, mainAdminPage: false };
  const base = { scope, page: 1, pageSize: 20, includesUnpublished: false };
  const kinds = searchedKinds(session, { ...base, q: '', kinds: [...SEARCH_KINDS] });
  console.log(`${caller}, ${scope} scope, ${runs} searches per line, ms per search (one caller)\n`);
  console.log(`| kinds | ${SEARCH_BENCH_QUERIES.map(([label, q]) => `${label} \`${q.trim()}\``).join(' | ')} |`);
  console.log(`|---|${SEARCH_BENCH_QUERIES.map(() => '---').join('|')}|`);
  for (const set of [null, ...kinds.map((kind): SearchKind[] => [kind])]) {
    const cells: string[] = [];
    for (const [, q] of SEARCH_BENCH_QUERIES) {
      const request: SearchRequest = { ...base, q, kinds: set };
      for (let i = 0; i < Math.min(50, runs); i += 1) await search(db, session, request);
      const started = process.hrtime.bigint();
      for (let i = 0; i < runs; i += 1) await search(db, session, request);
      cells.push((Number(process.hrtime.bigint() - started) / 1e6 / runs).toFixed(2));
    }
    console.log(`| ${set ? set.join(', ') : 'all'} | ${cells.join(' | ')} |`);
  }
} finally {
  await db.close();
}
