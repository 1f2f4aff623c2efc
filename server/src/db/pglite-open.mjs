// Opens PGlite with what our migrations need, for both handles: on the caller's thread
// (pglite-db.ts) and in a thread of its own (pglite-worker.mjs). Plain JavaScript, so that the
// worker, which runs without the server's TypeScript loader, can import it too.
import { appendFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * PGlite on `dataDir` (in memory without one), or from a `loadDataDir` tarball; fails if the
 * catalogue cannot be read. `onDropped` hears each exception PGlite drops (sayWhatIsSwallowed):
 * from then on the database is broken, and its handle must stop using it.
 */
export async function createPglite({ dataDir, loadDataDir, onDropped } = {}) {
  // Search (migrations 0080 and 0087) needs these contrib extensions, which PGlite loads only when passed here.
  const pglite = await PGlite.create({ dataDir, loadDataDir, extensions: { btree_gin, pg_trgm, unaccent } });
  sayWhatIsSwallowed(pglite, onDropped);
  // A damaged catalogue may open and fail only on the first read.
  await pglite.query('SELECT count(*) FROM pg_class');
  return pglite;
}

/**
 * PGlite runs each protocol message by calling PostgreSQL's main loop once, and catches what it
 * throws: an ERROR (PostgreSQL's longjmp, which it recovers from), and every other exception too,
 * which it drops without a word (https://github.com/electric-sql/pglite/issues/1058). Such an exception leaves the
 * statement half run: a stuck test pass was caught spinning in PostgreSQL's error reporting, whose
 * list of error contexts had become a loop (CONTRIBUTING.md, "When the embedded database stops
 * answering"); a plpgsql function recursing a thousand deep overflows the stack, and its
 * statement, and the ones after it, answer rows that are wrong. Each one is written to the console
 * here, and to the trace (PGLITE_TRACE) as a `swallowed` line, then told to `onDropped`.
 */
export function sayWhatIsSwallowed(pglite, onDropped = () => {}) {
  const mod = pglite.mod;
  const loopOnce = mod._PostgresMainLoopOnce;
  mod._PostgresMainLoopOnce = () => {
    try {
      return loopOnce();
    } catch (error) {
      if (error?.status !== pglite.POSTGRES_MAIN_LONGJMP) {
        const said = describeDropped(error);
        console.error(`PGlite dropped an exception of PostgreSQL's main loop (the statement may hang): ${said}`);
        const trace = process.env.PGLITE_TRACE;
        if (trace) {
          const stack = error instanceof Error ? error.stack : undefined;
          appendFileSync(trace, `${JSON.stringify({ t: new Date().toISOString(), ev: 'swallowed', error: said, stack })}\n`);
        }
        onDropped(said);
      }
      throw error;
    }
  };
}

/** An exception in one line: an Error by its name and message, another value by its class and fields. */
function describeDropped(error) {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (error === null || typeof error !== 'object') return String(error);
  let fields = '';
  try {
    fields = JSON.stringify(error);
  } catch {
    // A value JSON cannot write (a cycle): its class alone.
  }
  return `${error.constructor?.name ?? 'Object'} ${fields}`.trim();
}
