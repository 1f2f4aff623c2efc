// Named prepared statements on PGlite (QueryOptions.prepare), for both handles: on the caller's
// thread (pglite-db.ts) and in a thread of its own (pglite-worker.mjs). Plain JavaScript, so that
// the worker can import it.
//
// PGlite's `query()` sends each statement unnamed: parsed, analysed and planned anew on every call.
// For a long statement that is most of its cost: the search's page (a `UNION ALL` of up to twelve
// kinds) spent most of its time in planning on the demo data, and parsing its long text came on top
// (docs/journal/2026-11-28-search-prepared-on-pglite.md).
// Here a statement asked with `prepare` is parsed once per database under a name of its own
// (PostgreSQL's extended protocol, through PGlite's public `execProtocol`, serializer and result
// parser, the steps `query()` takes), then only bound and run. PostgreSQL's plan cache decides
// between a plan made for the values and the generic one (`plan_cache_mode = auto`: the generic
// plan once it is not costlier than the custom ones were), as it does for a `PREPARE`.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** How many statements one database keeps prepared: past it, the least recently used is closed. */
export const MAX_PREPARED = 100;

/**
 * A function that runs `sql` with `params` as a named prepared statement of `pglite`, returning
 * its rows; `inTransaction` when called from inside a transaction of that database (which already
 * holds it). One per open database: the names die with it.
 */
export function preparedStatements(pglite) {
  /** Statement text → its name and parameter types, least recently used first. */
  const statements = new Map();
  let next = 0;
  const send = async (message) => (await pglite.execProtocol(message, { syncToFs: false })).messages;

  const prepare = async (sql) => {
    const name = `hub_prepared_${++next}`;
    await send(serialize.parse({ name, text: sql }));
    const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
    return { name, types };
  };

  const run = async (sql, params) => {
    const messages = [];
    try {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = await prepare(sql);
      // Kept only once prepared: a statement that fails to parse is not remembered.
      statements.set(sql, statement);
      if (statements.size > MAX_PREPARED) {
        const [oldest, { name }] = statements.entries().next().value;
        statements.delete(oldest);
        await send(serialize.close({ type: 'S', name }));
      }
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[statement.types[index]];
        return serializer ? serializer(value) : value.toString();
      });
      messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(serialize.describe({ type: 'P' }))));
      messages.push(...(await send(serialize.execute({}))));
    } finally {
      // After an error PostgreSQL skips what follows until this Sync: the connection is usable again.
      messages.push(...(await send(serialize.sync())));
    }
    return parse.parseResults(messages, pglite.parsers)[0] ?? { rows: [] };
  };

  return async function queryPrepared(sql, params = [], { inTransaction = false } = {}) {
    // As `query()`: alone on the database (outside a transaction, after any open one), and the
    // files written afterwards (a statement outside a transaction commits on its own).
    if (inTransaction) return pglite.runExclusive(() => run(sql, params));
    const result = await pglite._runExclusiveTransaction(() => pglite.runExclusive(() => run(sql, params)));
    await pglite.syncToFs();
    return result;
  };
}
