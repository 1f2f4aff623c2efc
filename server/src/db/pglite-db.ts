import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, QueryOptions, QueryResult } from './db';
import { createPglite } from './pglite-open.mjs';
import { preparedStatements } from './pglite-prepared.mjs';
import { pgliteTrace } from './pglite-trace';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

type Prepared = ReturnType<typeof preparedStatements>;

/** Runs a call on the database unless it is broken, and fails it if the database broke meanwhile. */
type Guard = <T>(run: () => Promise<T>) => Promise<T>;

/** `target` as a Queryable; a statement asked with `prepare` runs as a named prepared statement (pglite-prepared.mjs). */
function wrap(target: PgliteLike, prepared: Prepared, inTransaction: boolean, guard: Guard): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      const result = await guard(() =>
        options?.prepare ? prepared<T>(sql, params, { inTransaction }) : target.query<T>(sql, [...params]),
      );
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await guard(() => target.exec(sql));
    },
  };
}

/**
 * PGlite dropped an exception of PostgreSQL's main loop (pglite-open.mjs): the statement that met
 * it answers rows that may be wrong, and a later one may never return. The handle fails that call
 * and every later one at once, without running them. The server's handle (pglite-isolated.ts)
 * reopens the database instead; this one, in the caller's thread, cannot stop a statement that
 * spins, so it stops before.
 */
export class DatabaseBrokenError extends Error {
  /** PostgreSQL's crash_shutdown: the API answers it as "database unavailable" (db-errors.ts). */
  readonly code = '57P02';
  constructor(readonly dropped: string) {
    super(`The embedded database broke inside PostgreSQL (${dropped}) and answers no more calls: open it again`);
    this.name = 'DatabaseBrokenError';
  }
}

export interface PgliteOptions {
  /** A folder kept across restarts; omitted, the database lives in memory. */
  dataDir?: string;
  /** A tarball made by `dumpDataDir()`: tests start from a migrated template rather than migrating anew. */
  loadDataDir?: Blob;
  /** A file that receives a line per statement started and ended (`pglite-trace.ts`); unset, nothing is traced. */
  traceFile?: string;
  /** Told once when the database breaks (DatabaseBrokenError), with what PGlite dropped. */
  onBroken?: (dropped: string) => void;
}

/** The database folder cannot be opened: start-up stops with this message rather than start on an empty database. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly folder: string,
    reason: string,
  ) {
    super(
      `The embedded database folder ${folder} cannot be opened: ${reason}. The server does not start, so that it never ` +
        'creates an empty database over it. Restore the folder from a backup, or move it away to start on a new database.',
    );
    this.name = 'DatabaseOpenError';
  }
}

/** PGlite runs one statement or transaction at a time: those started and not finished are its queue (metrics). */
export function queueCounter() {
  let queued = 0;
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    queued += 1;
    try {
      return await run();
    } finally {
      queued -= 1;
    }
  };
  return { counted, queued: () => queued };
}

/** Makes the database folder's parents (PGlite makes only the folder), and refuses a damaged folder. */
export async function prepareFolder(dataDir: string, checkExisting = true): Promise<void> {
  await mkdir(dirname(dataDir), { recursive: true });
  // A folder with files but no PG_VERSION is a damaged database (or not one at all): PGlite would
  // initialise a new, empty database over it.
  if (checkExisting && existsSync(dataDir)) {
    const entries = await readdir(dataDir);
    if (entries.length > 0 && !entries.includes('PG_VERSION')) throw new DatabaseOpenError(dataDir, 'it has files but no PG_VERSION');
  }
}

export async function openPglite({ dataDir, loadDataDir, traceFile, onBroken }: PgliteOptions = {}): Promise<
  Db & { dump(): Promise<Blob> }
> {
  if (dataDir) await prepareFolder(dataDir, !loadDataDir);
  let pglite: PGlite;
  let broken: string | null = null;
  const onDropped = (said: string) => {
    if (broken !== null) return;
    broken = said;
    onBroken?.(said);
  };
  try {
    pglite = await createPglite({ dataDir, loadDataDir, onDropped });
  } catch (error) {
    if (!dataDir) throw error;
    throw new DatabaseOpenError(dataDir, error instanceof Error ? error.message : String(error));
  }
  const guard: Guard = async (run) => {
    if (broken !== null) throw new DatabaseBrokenError(broken);
    const result = await run();
    if (broken !== null) throw new DatabaseBrokenError(broken);
    return result;
  };
  const trace = pgliteTrace(traceFile);
  const prepared = preparedStatements(pglite);
  const inner = trace.statements(wrap(pglite, prepared, false, guard));
  const { counted, queued } = queueCounter();
  const base: Queryable = {
    query: (sql, params, options) => counted(() => inner.query(sql, params, options)),
    exec: (sql) => counted(() => inner.exec(sql)),
  };
  return {
    kind: 'pglite',
    ...base,
    stats: () => ({ kind: 'pglite', queued: queued() }),
    // PGlite's LISTEN is in the same process: never lost.
    listenState: () => ({ channels: 0, connected: 0 }),
    transaction: (fn) =>
      counted(() =>
        trace.transaction((id) => guard(() => pglite.transaction((tx) => fn(trace.statements(wrap(tx, prepared, true, guard), id))))),
      ),
    listen: (channel, onPayload) => guard(() => pglite.listen(channel, trace.listener(channel, onPayload))),
    close: async () => {
      // A broken database is left as it is: closing runs a statement, which may never return.
      if (broken === null) await pglite.close();
      trace.close();
    },
    dump: () => guard(() => pglite.dumpDataDir('none')),
  };
}
