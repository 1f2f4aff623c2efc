// The embedded database on the server's thread (pglite-db.ts) and in a thread of its own
// (pglite-isolated.ts, what the server runs), measured side by side (figures for
// docs/performance.md; nothing asserted).
//
//   cd server && npx tsx bench/pglite-thread.ts
//
// Each on a fresh folder with 5,000 rows: a primary-key lookup one after another; a read of 500
// rows (what a console's page of a large list costs to move between threads); 20 callers at once
// doing lookups; and how long the server's own thread is blocked meanwhile (the longest gap
// between two 1 ms timers while the 20 callers run).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from '../src/db/db';
import { openPglite } from '../src/db/pglite-db';
import { openPgliteIsolated } from '../src/db/pglite-isolated';

const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 2000);
const READS = Number(process.env.BENCH_READS ?? 200);
const CALLERS = 20;

async function measure(name: string, db: Db) {
  await db.exec(`CREATE TABLE items (id int PRIMARY KEY, title text NOT NULL, body text NOT NULL, at timestamptz NOT NULL DEFAULT now());
    INSERT INTO items (id, title, body) SELECT i, 'Item ' || i, repeat('body text ', 20) FROM generate_series(1, 5000) i;`);
  const perCall = async (count: number, call: (index: number) => Promise<unknown>) => {
    const started = performance.now();
    for (let index = 0; index < count; index += 1) await call(index);
    return (performance.now() - started) / count;
  };
  const lookup = await perCall(LOOKUPS, (index) => db.query('SELECT * FROM items WHERE id = $1', [(index % 5000) + 1]));
  const read = await perCall(READS, () => db.query('SELECT * FROM items ORDER BY id LIMIT 500'));
  let longestGap = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, (_, caller) =>
      perCall(LOOKUPS / CALLERS, (index) => db.query('SELECT * FROM items WHERE id = $1', [((caller * 97 + index) % 5000) + 1])),
    ),
  );
  const concurrent = (performance.now() - started) / LOOKUPS;
  clearInterval(timer);
  // A thread blocked to the end never ran the timer at all: the gap up to now counts too.
  longestGap = Math.max(longestGap, performance.now() - last);
  console.log(
    `${name.padEnd(22)} lookup ${lookup.toFixed(3)} ms | 500 rows ${read.toFixed(2)} ms | ${CALLERS} callers ${concurrent.toFixed(3)} ms a lookup | server thread blocked at most ${longestGap.toFixed(1)} ms`,
  );
  await db.close();
}

const folder = mkdtempSync(join(tmpdir(), 'hub-bench-pglite-thread-'));
try {
  await measure('on the server thread', await openPglite({ dataDir: join(folder, 'here') }));
  await measure('in its own thread', await openPgliteIsolated({ dataDir: join(folder, 'apart'), stuckAfterMs: 30_000 }));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
