import fp from 'fastify-plugin';
import type { Db, Queryable } from '../../../db/db';

/**
 * The channel of migration 0040's triggers: a change to users, entities, content, audiences,
 * categories or images NOTIFYs it, from whichever process (or psql, or a scheduled job) wrote.
 */
export const CACHE_CHANNEL = 'hub_cache';
/** A safety net only: invalidation is what keeps entries right, not their age. */
export const CACHE_MAX_AGE_MS = 30_000;
/**
 * At most this many entries (the oldest go first): a list's page is 6–12 kB of JSON, so about
 * 60 MB at worst; a user's record is a few hundred bytes.
 */
export const CACHE_MAX_ENTRIES = 5_000;

/**
 * What the hot read paths (the session guard's user, the lists) keep in memory between calls, so
 * that a call does not touch the database when nothing changed. Every entry is dropped, in every
 * process, within milliseconds of a change:
 * - in this process, at once: every write through this process's database handle (a statement
 *   other than a read that may touch a watched table, or a transaction) drops everything as soon
 *   as it has resolved;
 * - in the other processes, through PostgreSQL LISTEN/NOTIFY on CACHE_CHANNEL (the triggers of
 *   migration 0040 notify at commit, whoever wrote). While the LISTEN connection is lost, notifications
 *   would be missed: nothing is kept until it is back.
 * A value loaded while an invalidation happened is not kept (it may predate the change).
 */
export interface HubCache {
  /** The value under `key`: kept, or loaded by `load` (one load at a time per key). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops everything in this process. */
  invalidate(): void;
  /** Bumped at each invalidation (tests, metrics). */
  readonly generation: number;
  /** False while the LISTEN connection is lost (nothing is kept then). */
  readonly enabled: boolean;
  /** Calls of `get` answered without a load of their own (a kept value, or a load already running), and the others (metrics). */
  readonly hits: number;
  readonly misses: number;
  /**
   * Hears every change that drops the cache, from any process: the table a NOTIFY names (`users`,
   * `advices`…), or `*` when the LISTEN connection is back (what changed meanwhile is unknown).
   * Returns the function that stops listening.
   */
  onChange(listener: (table: string) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    hubCache: HubCache;
  }
}

interface Entry {
  value: unknown;
  at: number;
}

/** A listener of the writes made through a handle, and the tables whose plain writes it hears. */
interface WriteListener {
  heard: () => void;
  tables: ReadonlySet<string>;
}

/** The listeners of the writes made through each database handle (tests share one handle between apps). */
const writeListeners = new WeakMap<Db, Set<WriteListener>>();

/** SQL that only reads (or opens, ends a transaction): anything else through a handle counts as a write. */
const READ_ONLY = /^\s*(SELECT|SHOW|LISTEN|UNLISTEN|BEGIN|COMMIT|ROLLBACK|EXPLAIN)\b/i;
/**
 * A statement with common table expressions reads only when no part of it writes. Without this,
 * every search (one WITH statement per call) dropped the whole cache, so that each call read its
 * user again and every list was loaded anew after anyone's keystroke. A keyword in a name does not
 * count (`updated_at` is not `UPDATE`); `FOR UPDATE` does, which only costs a needless drop.
 */
const READ_ONLY_WITH = (sql: string) => /^\s*WITH\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|MERGE|CALL)\b/i.test(sql);
/** The tables whose changes the cached reads depend on (those of migration 0040's triggers). */
export const WATCHED_TABLES: ReadonlySet<string> = new Set([
  'users',
  'entities',
  'advices',
  'advice_users',
  'advice_must_read',
  'advice_acknowledgements',
  'dashboards',
  'dashboard_users',
  'dashboard_refresh',
  'dashboard_favourites',
  'news_items',
  'categories',
  'images',
  'content_translations',
]);
const SIMPLE_WRITE = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i;

/**
 * The table a plain write names, or '*' for any other statement that is not a read (several tables,
 * a function, DDL: anything may have changed); null for a read.
 */
function writtenTable(sql: string): string | null {
  if (READ_ONLY.test(sql) || READ_ONLY_WITH(sql)) return null;
  return SIMPLE_WRITE.exec(sql)?.[1]!.toLowerCase() ?? '*';
}

/**
 * Calls `listener` after every write through `db` that may touch one of `tables` (query/exec of a
 * statement other than a read that names one of them or cannot be told apart, a transaction,
 * whether it committed or not) has resolved. A plain write into another table (a message, an audit
 * line) is not heard; a foreign key may still cascade from it into a watched table, which the
 * watched table's trigger tells every process, this one too. Wraps the handle's methods once.
 */
export function onWrites(db: Db, listener: () => void, tables: ReadonlySet<string> = WATCHED_TABLES): () => void {
  let listeners = writeListeners.get(db);
  if (!listeners) {
    const all = new Set<WriteListener>();
    listeners = all;
    writeListeners.set(db, all);
    const fire = (table: string) => {
      for (const each of all) if (table === '*' || each.tables.has(table)) each.heard();
    };
    const { query, exec, transaction } = db;
    const writable = db as { -readonly [K in keyof Db]: Db[K] };
    writable.query = async function (this: Queryable, sql, params, options) {
      const table = writtenTable(sql);
      if (table === null) return query.call(this, sql, params, options);
      try {
        return await query.call(this, sql, params, options);
      } finally {
        fire(table);
      }
    } as Db['query'];
    writable.exec = async function (this: Queryable, sql) {
      try {
        return await exec.call(this, sql);
      } finally {
        fire('*');
      }
    };
    writable.transaction = async function (this: Db, fn) {
      try {
        return await transaction.call(this, fn);
      } finally {
        fire('*');
      }
    } as Db['transaction'];
  }
  const entry: WriteListener = { heard: listener, tables };
  listeners.add(entry);
  return () => listeners.delete(entry);
}

export function createHubCache(): HubCache & { setEnabled(enabled: boolean): void; changed(table: string): void } {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;
  let enabled = true;
  let hits = 0;
  let misses = 0;
  const changeListeners = new Set<(table: string) => void>();

  const cache = {
    get generation() {
      return generation;
    },
    get enabled() {
      return enabled;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
    setEnabled(next: boolean) {
      cache.invalidate();
      enabled = next;
    },
    onChange(listener: (table: string) => void) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    /** Called by the plugin with what the NOTIFY named. */
    changed(table: string) {
      cache.invalidate();
      for (const listener of changeListeners) listener(table);
    },
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) {
        misses += 1;
        return load();
      }
      const entry = entries.get(key);
      if (entry && Date.now() - entry.at < CACHE_MAX_AGE_MS) {
        hits += 1;
        return entry.value as T;
      }
      const pending = loading.get(key);
      if (pending) {
        hits += 1;
        return pending as Promise<T>;
      }
      misses += 1;
      const started = generation;
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          // An invalidation during the load: the value may predate the change, so it is not kept.
          if (generation === started && enabled) {
            if (entries.size >= CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
            entries.set(key, { value, at: Date.now() });
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
  };
  return cache;
}

export default fp(
  async (fastify) => {
    const cache = createHubCache();
    const stopWrites = onWrites(fastify.db, () => cache.invalidate());
    const unlisten = await fastify.db.listen(
      CACHE_CHANNEL,
      (table) => cache.changed(table),
      (listening) => {
        if (!listening) fastify.log.warn('cache invalidation channel lost: nothing is cached until it is back');
        cache.setEnabled(listening);
        if (listening) cache.changed('*');
      },
    );
    fastify.decorate('hubCache', cache);
    fastify.addHook('onClose', async () => {
      stopWrites();
      cache.setEnabled(false);
      await unlisten();
    });
  },
  { name: 'hub-cache', dependencies: ['database'] },
);
