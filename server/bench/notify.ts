// LISTEN/NOTIFY and the cache's invalidation, measured (figures for docs/scaling.md; nothing asserted).
//
//   cd server && npx tsx bench/notify.ts      BENCH_NOTIFY_COUNT=20000 BENCH_LISTENERS=1,10,50 (the defaults)
//
// On a throwaway PostgreSQL cluster on loopback (initdb/pg_ctl, as the fault tests do):
// 1. the payload limit: the largest NOTIFY payload PostgreSQL accepts;
// 2. NOTIFY throughput: BENCH_NOTIFY_COUNT notifications of a live event's size (about 200 bytes),
//    each in its own transaction, from 8 writer connections, heard by one LISTEN connection (as one
//    server process has): sent per second, and the time until the listener heard the last one;
// 3. fan-out latency: one NOTIFY every 5 ms heard by L LISTEN connections (L server processes):
//    from commit to each listener hearing it, p50 and p99, and the time the sender's commit took;
// 4. the cache's invalidate-everything: dropping a full cache (CACHE_MAX_ENTRIES entries).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CACHE_MAX_ENTRIES, createHubCache } from '../src/plugins/app/cache/hub-cache';
import { postgresBin, startThrowawayPostgres } from '../test/faults/throwaway-postgres';

const count = Number(process.env.BENCH_NOTIFY_COUNT ?? 20_000);
const listenerCounts = (process.env.BENCH_LISTENERS ?? '1,10,50').split(',').map(Number);
const bin = postgresBin();
if (!bin) {
  console.error('PostgreSQL is not installed (initdb, pg_ctl)');
  process.exit(1);
}
const postgres = await startThrowawayPostgres(bin);
const connect = async () => {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  return client;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
/** A live event's notification as live-streams.ts sends it: id, users, payload. */
const eventPayload = (id: number) =>
  JSON.stringify({ id, users: [101, 202, 303], payload: { type: 'message.created', discussion_id: 4242, message_id: id } }).padEnd(
    200,
    ' ',
  );

try {
  const first = await connect();
  const { rows: version } = await first.query<{ server_version: string }>('SHOW server_version');
  await first.end();
  console.log(`PostgreSQL ${version[0]!.server_version} on 127.0.0.1, ${count} notifications`);

  // 1. The payload limit.
  const probe = await connect();
  let largest = 0;
  for (const size of [7999, 8000, 8100]) {
    try {
      await probe.query('SELECT pg_notify($1, $2)', ['hub_probe', 'x'.repeat(size)]);
      largest = size;
    } catch (error) {
      console.log(`payload of ${size} bytes refused: ${(error as Error).message}`);
    }
  }
  console.log(`largest payload accepted among 7999/8000/8100 bytes: ${largest}`);
  await probe.end();

  // 2. Throughput into one listener.
  {
    const listener = await connect();
    await listener.query('LISTEN hub_bench');
    let heard = 0;
    let lastHeardAt = 0;
    listener.on('notification', () => {
      heard += 1;
      lastHeardAt = performance.now();
    });
    const writers = await Promise.all(Array.from({ length: 8 }, connect));
    const started = performance.now();
    let next = 0;
    await Promise.all(
      writers.map(async (writer) => {
        while (next < count) {
          const id = (next += 1);
          await writer.query('SELECT pg_notify($1, $2)', ['hub_bench', eventPayload(id)]);
        }
      }),
    );
    const sentMs = performance.now() - started;
    for (let wait = 0; wait < 600 && heard < count; wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(
      `throughput: ${count} NOTIFY (one transaction each, 8 writers) in ${ms(sentMs)}: ${Math.round(count / (sentMs / 1000))}/s sent; ` +
        `one listener heard ${heard}, the last ${ms(lastHeardAt - started)} after the first was sent ` +
        `(${Math.round(heard / ((lastHeardAt - started) / 1000))}/s heard)`,
    );
    // The same notifications, 100 per transaction: what NOTIFY itself costs, apart from the commits.
    heard = 0;
    const batched = performance.now();
    const batch = writers[0]!;
    for (let id = 0; id < count; id += 100) {
      await batch.query('BEGIN');
      for (let each = id; each < Math.min(count, id + 100); each += 1)
        await batch.query('SELECT pg_notify($1, $2)', ['hub_bench', eventPayload(each)]);
      await batch.query('COMMIT');
    }
    const batchedMs = performance.now() - batched;
    for (let wait = 0; wait < 600 && heard < count; wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(
      `throughput, 100 per transaction (one writer): ${Math.round(count / (batchedMs / 1000))}/s sent; heard ${heard}, ` +
        `the last ${ms(lastHeardAt - batched)} after the first was sent`,
    );
    await Promise.all(writers.map((writer) => writer.end()));
    await listener.end();
  }

  // 3. Fan-out latency to L listeners.
  for (const listeners of listenerCounts) {
    const clients = await Promise.all(Array.from({ length: listeners }, connect));
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    for (const client of clients) {
      await client.query('LISTEN hub_fanout');
      client.on('notification', (message) => {
        const id = Number(JSON.parse(message.payload ?? '{}').id);
        const at = sentAt.get(id);
        if (at !== undefined) latencies.push(performance.now() - at);
      });
    }
    const sender = await connect();
    const commits: number[] = [];
    const rounds = Math.min(1000, count);
    for (let id = 1; id <= rounds; id += 1) {
      const start = performance.now();
      sentAt.set(id, start);
      await sender.query('SELECT pg_notify($1, $2)', ['hub_fanout', eventPayload(id)]);
      commits.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (let wait = 0; wait < 100 && latencies.length < rounds * listeners; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(
      `fan-out to ${listeners} listener(s): ${latencies.length}/${rounds * listeners} heard, commit-to-heard p50 ${ms(percentile(latencies, 50))}, ` +
        `p99 ${ms(percentile(latencies, 99))}; sender's NOTIFY p50 ${ms(percentile(commits, 50))}, p99 ${ms(percentile(commits, 99))}`,
    );
    await sender.end();
    await Promise.all(clients.map((client) => client.end()));
  }

  // 4. The cache's invalidate-everything.
  {
    const cache = createHubCache();
    const fill = async () => {
      for (let key = 0; key < CACHE_MAX_ENTRIES; key += 1) await cache.get(`k${key}`, async () => ({ items: [key] }));
    };
    const times: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      await fill();
      const start = performance.now();
      cache.invalidate();
      times.push(performance.now() - start);
    }
    console.log(`cache: dropping ${CACHE_MAX_ENTRIES} entries takes p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))}`);
  }
} finally {
  postgres.destroy();
}
