import type { PGlite } from '@electric-sql/pglite';

export function createPglite(options?: { dataDir?: string; loadDataDir?: Blob; onDropped?: (said: string) => void }): Promise<PGlite>;

/** Writes to the console (and to PGLITE_TRACE) each exception of PostgreSQL's main loop that PGlite would drop. */
export function sayWhatIsSwallowed(
  pglite: { mod?: { _PostgresMainLoopOnce: () => void }; POSTGRES_MAIN_LONGJMP: number },
  onDropped?: (said: string) => void,
): void;
