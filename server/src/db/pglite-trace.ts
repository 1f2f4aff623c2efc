import { closeSync, openSync, writeSync } from 'node:fs';
import type { Queryable } from './db';

/**
 * A trace of every statement the embedded database starts and ends, one JSON line each, written
 * synchronously, so that what is on disk after a statement that never returns (or a killed
 * process) tells which one it was: the last `start` without its `end`. Turned on with PGLITE_TRACE=<file> (CONTRIBUTING.md, "When the embedded database
 * stops answering"); off, it costs nothing.
 */
export interface PgliteTrace {
  /** `target` with each statement traced, `tx` naming the transaction it runs in. */
  statements(target: Queryable, tx?: number): Queryable;
  /** Runs a transaction, traced from its start to its commit or rollback. */
  transaction<T>(run: (tx: number) => Promise<T>): Promise<T>;
  /** A LISTEN, and each notification heard on it. */
  listener(channel: string, onPayload: (payload: string) => void): (payload: string) => void;
  close(): void;
}

const untraced: PgliteTrace = {
  statements: (target) => target,
  transaction: (run) => run(0),
  listener: (_channel, onPayload) => onPayload,
  close: () => undefined,
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function pgliteTrace(file: string | undefined): PgliteTrace {
  if (!file) return untraced;
  const fd = openSync(file, 'a');
  let last = 0;
  const write = (entry: Record<string, unknown>) => writeSync(fd, `${JSON.stringify({ t: new Date().toISOString(), ...entry })}\n`);
  const traced = async <T>(tx: number | null, sql: string, params: readonly unknown[] | undefined, run: () => Promise<T>) => {
    const id = ++last;
    write({ ev: 'start', id, tx, sql, params });
    try {
      const result = await run();
      write({ ev: 'end', id });
      return result;
    } catch (error) {
      write({ ev: 'error', id, message: messageOf(error) });
      throw error;
    }
  };
  return {
    statements: (target, tx) => ({
      query: (sql, params, options) => traced(tx ?? null, sql, params, () => target.query(sql, params, options)),
      exec: (sql) => traced(tx ?? null, sql, undefined, () => target.exec(sql)),
    }),
    async transaction(run) {
      const tx = ++last;
      write({ ev: 'begin', tx });
      try {
        const result = await run(tx);
        write({ ev: 'commit', tx });
        return result;
      } catch (error) {
        write({ ev: 'rollback', tx, message: messageOf(error) });
        throw error;
      }
    },
    listener(channel, onPayload) {
      write({ ev: 'listen', channel });
      return (payload) => {
        write({ ev: 'notify', channel });
        onPayload(payload);
      };
    },
    close: () => closeSync(fd),
  };
}
