import { Worker } from 'node:worker_threads';
import type { Db, Queryable, QueryOptions, QueryResult } from './db';
import { DatabaseOpenError, prepareFolder, queueCounter } from './pglite-db';
import { pgliteTrace } from './pglite-trace';

/**
 * The server's embedded database, in a thread of its own (`pglite-worker.mjs`).
 *
 * PGlite runs PostgreSQL in WebAssembly, one statement at a time, synchronously. On the server's
 * main thread, a statement that never returns stops everything, `/api/health` included, until the
 * process is killed; and PGlite 0.5 has such a statement now and then: in our journeys one search
 * in three or four runs of the same console journey never returned (the thread spinning in
 * PostgreSQL's error reporting; the same statement, replayed on the same data, answers in a
 * millisecond). In a thread of its own:
 * - the server keeps answering while a statement runs (the health check, the static files, the
 *   live streams' heartbeats);
 * - a statement that holds the thread longer than `stuckAfterMs` is taken as stuck: the thread is
 *   stopped, the database reopened from its folder (as after a killed process: every committed
 *   transaction is there), the calls in flight fail as "database unavailable" (503, retry), and the
 *   LISTENs are made again (their `onState` hears false, then true, so the live streams read back
 *   what they missed).
 *
 * "Holds the thread" is measured by a ping the thread answers only between statements: a long
 * transaction of short statements, or calls queued behind it, are never taken as stuck.
 */
export interface IsolatedPgliteOptions {
  dataDir: string;
  /** Milliseconds one statement may hold the database's thread before it is taken as stuck; 0: never (a long seed). */
  stuckAfterMs?: number;
  /** A file that receives a line per statement started and ended (`pglite-trace.ts`). */
  traceFile?: string;
  /**
   * Told each time the database was reopened after a stuck statement: `oldest` is the first call
   * still in flight (the thread runs them in order, so the one that held it), as its operation and
   * the start of its SQL.
   */
  onReopen?: (facts: { stuckMs: number; failedCalls: number; oldest: string | null; dropped?: string }) => void;
}

/**
 * The calls in flight when a stuck statement, or an exception PGlite dropped (`dropped`,
 * pglite-worker.mjs), made the database reopen: 503, try again.
 */
export class DatabaseStuckError extends Error {
  /** PostgreSQL's crash_shutdown: the API answers it as "database unavailable" (db-errors.ts). */
  readonly code = '57P02';
  constructor(stuckMs: number, dropped?: string) {
    const what = dropped
      ? `broke inside PostgreSQL (${dropped})`
      : stuckMs > 0
        ? `did not answer for ${Math.round(stuckMs / 1000)} s`
        : 'stopped';
    super(`The embedded database ${what} and was reopened; the call did not run to its end`);
    this.name = 'DatabaseStuckError';
  }
}

type Reply = { type: 'reply'; id: number; rows?: unknown[]; error?: Record<string, string> & { message: string } };
type FromWorker =
  | Reply
  | { type: 'ready' }
  | { type: 'open-failed'; message: string }
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'pong' }
  | { type: 'broken'; dropped: string };
/** A request as the reopening's log names it: its operation, and the start of its SQL, one line. */
function describeRequest(request: Request): string {
  if (request.op !== 'query' && request.op !== 'exec') return request.op;
  return `${request.op}${request.op === 'query' && request.prepare ? ' (prepared)' : ''}: ${request.sql.replace(/\s+/g, ' ').trim().slice(0, 300)}`;
}

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number; prepare?: boolean }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };

interface Listener {
  onPayload(payload: string): void;
  onState?(listening: boolean): void;
}

/** An Error carrying the fields of PostgreSQL's report (code, constraint…), as the routes read them. */
function databaseError(fields: Record<string, string> & { message: string }): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);
const PING_MS = 1000;

export async function openPgliteIsolated(options: IsolatedPgliteOptions): Promise<Db> {
  const { dataDir, stuckAfterMs = 0 } = options;
  await prepareFolder(dataDir);
  const pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void; request: Request }>();
  const listeners = new Map<string, Set<Listener>>();
  let worker: Worker;
  let nextId = 0;
  let lastPong = Date.now();
  let closing = false;
  let reopening: Promise<void> | null = null;
  /** What PGlite dropped, told by the thread before it stopped (pglite-worker.mjs): why it is reopened. */
  let dropped: string | undefined;

  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const thread = new Worker(WORKER_URL, { workerData: { dataDir } });
      worker = thread;
      thread.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          lastPong = Date.now();
          resolve();
        } else if (message.type === 'open-failed') reject(new DatabaseOpenError(dataDir, message.message));
        else if (message.type === 'pong') lastPong = Date.now();
        else if (message.type === 'broken') dropped = message.dropped;
        else if (message.type === 'notify')
          for (const listener of listeners.get(message.channel) ?? []) listener.onPayload(message.payload);
        else {
          const call = pending.get(message.id);
          pending.delete(message.id);
          call?.resolve(message);
        }
      });
      thread.on('error', (error) => {
        reject(error);
        if (thread === worker) failAll(error);
      });
      thread.on('exit', () => {
        reject(new DatabaseOpenError(dataDir, 'its thread stopped while opening'));
        if (thread !== worker) return;
        // Closing, a thread that stopped without answering (a broken database) answers no more.
        if (closing) failAll(new DatabaseStuckError(0, dropped));
        else if (!reopening) restart(0);
      });
    });

  let ready = start();
  await ready;

  /** Sends a request once the thread is up; calls made while it reopens wait for it (`reopening` itself does not). */
  const send = async (request: Request, reopeningItself = false): Promise<Reply & { id: number }> => {
    if (!reopeningItself) while (reopening) await reopening;
    await ready;
    const id = ++nextId;
    const reply = await new Promise<Reply>((resolve, reject) => {
      // The thread was idle until now: its silence counts from here.
      if (pending.size === 0) lastPong = Date.now();
      pending.set(id, { resolve, reject, request });
      worker.postMessage({ id, ...request });
    });
    if (reply.error) throw databaseError(reply.error);
    return { ...reply, id };
  };

  const reopen = async (stuckMs: number) => {
    const failedCalls = pending.size;
    // Described only here: a search's statement is 20 kB, and every call goes through `send`.
    const first = pending.values().next().value;
    const oldest = first ? describeRequest(first.request) : null;
    const why = dropped;
    dropped = undefined;
    failAll(new DatabaseStuckError(stuckMs, why));
    for (const set of listeners.values()) for (const listener of set) listener.onState?.(false);
    await worker.terminate();
    ready = start();
    await ready;
    for (const [channel, set] of listeners) {
      await send({ op: 'listen', channel }, true);
      for (const listener of set) listener.onState?.(true);
    }
    options.onReopen?.({ stuckMs, failedCalls, oldest, ...(why === undefined ? {} : { dropped: why }) });
  };

  /** Reopens after a stuck statement (`stuckMs`), or a thread that stopped on its own (0). */
  function restart(stuckMs: number) {
    reopening = reopen(stuckMs)
      .catch((error: unknown) => failAll(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        reopening = null;
      });
  }

  const watchdog = setInterval(() => {
    if (reopening || closing) return;
    // Idle, or every call answered, nothing can be stuck; silence counts from the first call in flight (`send`).
    const silent = Date.now() - lastPong;
    if (stuckAfterMs > 0 && pending.size > 0 && silent > stuckAfterMs) {
      restart(silent);
      return;
    }
    worker.postMessage({ op: 'ping' });
  }, PING_MS);
  watchdog.unref();

  const trace = pgliteTrace(options.traceFile);
  const { counted, queued } = queueCounter();
  const queryable = (tx?: number): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      return { rows: (await send({ op: 'query', sql, params: [...params], tx, prepare: options?.prepare })).rows as T[] };
    },
    async exec(sql: string) {
      await send({ op: 'exec', sql, tx });
    },
  });
  const base = trace.statements(queryable());

  return {
    kind: 'pglite',
    query: (sql, params, queryOptions) => counted(() => base.query(sql, params, queryOptions)),
    exec: (sql) => counted(() => base.exec(sql)),
    stats: () => ({ kind: 'pglite', queued: queued() }),
    listenState: () => ({ channels: 0, connected: 0 }),
    transaction: (fn) =>
      counted(() =>
        trace.transaction(async (traceId) => {
          const { id: tx } = await send({ op: 'begin' });
          let result;
          try {
            result = await fn(trace.statements(queryable(tx), traceId));
          } catch (error) {
            // The database may have been reopened meanwhile: the transaction is gone with it.
            await send({ op: 'rollback', tx }).catch(() => undefined);
            throw error;
          }
          await send({ op: 'commit', tx });
          return result;
        }),
      ),
    async listen(channel, onPayload, onState) {
      const listener: Listener = { onPayload: trace.listener(channel, onPayload), onState };
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await send({ op: 'listen', channel });
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await send({ op: 'unlisten', channel }).catch(() => undefined);
        }
      };
    },
    async close() {
      closing = true;
      clearInterval(watchdog);
      await reopening;
      await send({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
      trace.close();
    },
  };
}
