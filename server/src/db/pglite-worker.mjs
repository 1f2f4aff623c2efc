// The embedded database in a thread of its own (pglite-isolated.ts starts it and speaks to it).
// Plain JavaScript: a worker thread does not inherit the TypeScript loader the server runs with.
//
// Messages in:  { id, op: 'query' | 'exec', sql, params?, tx?, prepare? }, { id, op: 'begin' },
//               { id, op: 'commit' | 'rollback', tx }, { id, op: 'listen' | 'unlisten', channel },
//               { id, op: 'close' }, { op: 'ping' }
// Messages out: { type: 'ready' } or { type: 'open-failed', message } once; { type: 'reply', id,
//               rows? } or { type: 'reply', id, error }; { type: 'notify', channel, payload };
//               { type: 'pong' } (only when this thread's event loop is free: a statement that
//               never returns stops the pongs, which is how the server notices it);
//               { type: 'broken', dropped } once, just before the thread stops (below).
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from './pglite-open.mjs';
import { preparedStatements } from './pglite-prepared.mjs';

const port = parentPort;
/** The fields of PostgreSQL's error report that the server reads (code, constraint…), kept across the thread. */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where', 'dataType'];
const errorOf = (error) => {
  const out = { message: error instanceof Error ? error.message : String(error) };
  for (const field of ERROR_FIELDS) if (error && typeof error[field] === 'string') out[field] = error[field];
  return out;
};
/**
 * What PGlite dropped (pglite-open.mjs), once it has: from then on no answer of this database can
 * be trusted (the statement that met it answers rows that may be wrong, a later one may never
 * return). The thread then answers nothing more: it says why and stops, and the server reopens
 * the database from its folder, failing the calls in flight (pglite-isolated.ts).
 */
let dropped = null;
const stopIfBroken = () => {
  if (dropped === null) return;
  port.postMessage({ type: 'broken', dropped });
  process.exit(1);
};
const reply = (id, body) => {
  stopIfBroken();
  port.postMessage({ type: 'reply', id, ...body });
};

let pglite;
try {
  pglite = await createPglite({
    dataDir: workerData.dataDir,
    onDropped: (said) => {
      dropped ??= said;
    },
  });
} catch (error) {
  port.postMessage({ type: 'open-failed', message: errorOf(error).message });
  process.exit(0);
}

/** Statements asked with `prepare` (QueryOptions), parsed once under a name (pglite-prepared.mjs). */
const prepared = preparedStatements(pglite);
/** Open transactions: their PGlite handle, and how to end them. */
const transactions = new Map();
const unlisten = new Map();

function begin(id) {
  // Whoever waits on the transaction's end hears how it went; until it ends, the one who began it.
  let endId = id;
  let rolledBack = false;
  pglite
    .transaction(async (tx) => {
      const ending = new Promise((resolve) => transactions.set(id, { tx, end: resolve }));
      reply(id, {});
      const end = await ending;
      transactions.delete(id);
      endId = end.endId;
      if (end.how === 'rollback') {
        rolledBack = true;
        throw new Error('rolled back');
      }
    })
    .then(
      () => reply(endId, {}),
      (error) => {
        transactions.delete(id);
        reply(endId, rolledBack ? {} : { error: errorOf(error) });
      },
    );
}

async function handle(message) {
  const { id, op } = message;
  try {
    if (op === 'query' || op === 'exec') {
      const target = message.tx === undefined ? pglite : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`Transaction ${message.tx} is not open`);
      if (op === 'exec') {
        await target.exec(message.sql);
        reply(id, {});
      } else if (message.prepare) {
        reply(id, { rows: (await prepared(message.sql, message.params ?? [], { inTransaction: message.tx !== undefined })).rows });
      } else reply(id, { rows: (await target.query(message.sql, message.params ?? [])).rows });
    } else if (op === 'begin') begin(id);
    else if (op === 'commit' || op === 'rollback') {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`Transaction ${message.tx} is not open`);
      open.end({ how: op, endId: id });
    } else if (op === 'listen') {
      unlisten.set(
        message.channel,
        await pglite.listen(message.channel, (payload) => port.postMessage({ type: 'notify', channel: message.channel, payload })),
      );
      reply(id, {});
    } else if (op === 'unlisten') {
      await unlisten.get(message.channel)?.();
      unlisten.delete(message.channel);
      reply(id, {});
    } else if (op === 'close') {
      await pglite.close();
      reply(id, {});
      process.exit(0);
    }
  } catch (error) {
    reply(id, { error: errorOf(error) });
  }
}

port.on('message', (message) => {
  stopIfBroken();
  if (message.op === 'ping') port.postMessage({ type: 'pong' });
  else void handle(message);
});
port.postMessage({ type: 'ready' });
