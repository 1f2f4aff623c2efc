// Opens PGlite with what our migrations need, for both handles: on the caller's thread
// (pglite-db.ts) and in a thread of its own (pglite-worker.mjs). Plain JavaScript, so that the
// worker, which runs without the server's TypeScript loader, can import it too.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** PGlite on `dataDir` (in memory without one), or from a `loadDataDir` tarball; fails if the catalogue cannot be read. */
export async function createPglite({ dataDir, loadDataDir } = {}) {
  // Search (migrations 0080 and 0087) needs these contrib extensions, which PGlite loads only when passed here.
  const pglite = await PGlite.create({ dataDir, loadDataDir, extensions: { btree_gin, pg_trgm, unaccent } });
  // A damaged catalogue may open and fail only on the first read.
  await pglite.query('SELECT count(*) FROM pg_class');
  return pglite;
}
