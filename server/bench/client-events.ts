// The browsers' figures and the remotes list, measured (figures for the journal; nothing asserted).
//
//   cd server && node --expose-gc --import tsx bench/client-events.ts   (PGlite; DATABASE_URL: PostgreSQL)
//   BENCH_EVENTS=2000 BENCH_PEOPLE=200 BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_WARMUP=5
//   BENCH_SOAK=600 (seconds of the memory run) BENCH_REMOTES_CONNECTIONS=100 (the defaults)
//
// The real app on 127.0.0.1 with the demo data, one registered release of content, and BENCH_PEOPLE
// people signed in through the real login path. The browsers are a process of their own
// (client-events-sender.mjs): batches of 20 counted events (one error in ten), each as one of the
// people in turn, at BENCH_EVENTS events a second, so each person stays inside their budget.
// 1. Pairs, run in turn twice: GET /api/health alone (autocannon, BENCH_CONNECTIONS connections),
//    then GET /api/health while the events arrive from the sender: the p99 of both routes, the
//    events' p99 over /api/health's in the same run, and /api/health's p99 under the events over its
//    p99 alone. The events are not sent with autocannon: held to a rate, it sends each connection's
//    share of a second at once at the start of that second, and its p99 is then the queue of that
//    burst; the sender spreads the batches evenly and times each from when it leaves.
// 2. The memory: the events for BENCH_SOAK seconds from the sender (a fixed rate: a slow answer
//    does not slow it, its p99 counts the wait in the queue), the process's RSS and heap (after a
//    full collection with --expose-gc) every tenth of it.
// 3. GET /api/remotes (a signed-in customer) beside GET /api/health, BENCH_REMOTES_CONNECTIONS
//    connections, in turn twice: p99 of each and the ratio.
// The app's own process holds the server only: autocannon and the sender run in child processes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Options } from 'autocannon';
import { buildApp } from '../src/app';
import { benchConfig, benchSignIn, openBenchDb, removeBenchData, runAutocannon, runJsonChild } from './bench-app';
import { startTestIdp } from '../test/test-support/test-idp';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const SOAK = Number(process.env.BENCH_SOAK ?? 600);
const REMOTES_CONNECTIONS = Number(process.env.BENCH_REMOTES_CONNECTIONS ?? 100);
const EVENTS_PER_BATCH = 20;
const VERSION = '1.0.0-bench';
const databaseUrl = process.env.DATABASE_URL ?? null;

interface SenderResult {
  sent: number;
  statuses: Record<string, number>;
  eventsPerSecond: number;
  p50: number;
  p99: number;
}

/** autocannon in a child process; its options go through a file (a list of requests outgrows an argument). */
let optionFiles = 0;
const autocannon = (options: Options) => runAutocannon(options, join(work, `autocannon-${optionFiles++}.json`));

const work = mkdtempSync(join(tmpdir(), 'hub-bench-client-events-'));
const schema = `bench_client_events_${process.pid}_${randomBytes(3).toString('hex')}`;
const config = await benchConfig(work, { url: databaseUrl, schema });
const db = await openBenchDb(config);
const idp = await startTestIdp('bench-sso');
const app = await buildApp(config, { db });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
try {
  await db.query(
    `INSERT INTO users (email, first_name, last_name, rights, entity_id)
     SELECT 'bench' || n || '@northwind.test', 'Bench', 'User ' || n, ARRAY['user'], (SELECT id FROM entities WHERE slug = 'northwind-traders')
       FROM generate_series(1, $1::int) AS n`,
    [PEOPLE],
  );
  await db.query(
    `INSERT INTO remote_releases (remote, version, manifest_url, contract_version) VALUES ('content', $1, 'https://cdn.example.test/content/mf-manifest.json', 1)`,
    [VERSION],
  );
  await idp.register(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  await app.clientEvents.flush();
  const signIn = async (email: string) => (await benchSignIn(origin, idp, email)).authorization.slice('Bearer '.length);
  const tokens: string[] = [];
  for (let n = 1; n <= PEOPLE; n++) tokens.push(await signIn(`bench${n}@northwind.test`));
  const sender = (seconds: number) =>
    runJsonChild<SenderResult>([
      'bench/client-events-sender.mjs',
      JSON.stringify({
        url: `${origin}/api/client-events`,
        tokens,
        batchesPerSecond: EVENTS / EVENTS_PER_BATCH,
        eventsPerBatch: EVENTS_PER_BATCH,
        seconds,
        version: VERSION,
      }),
    ]);
  const health = (seconds: number, connections = CONNECTIONS) =>
    autocannon({ url: `${origin}/api/health`, connections, duration: seconds });

  console.log(
    `${availableParallelism()} cores, load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}; ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${EVENTS} events/s in batches of ${EVENTS_PER_BATCH} from ${PEOPLE} people`,
  );
  // Warm: the same load, not counted.
  const warm = await Promise.all([sender(WARMUP), health(WARMUP)]);
  let accepted = 0;
  const warmed = (warm[0].statuses['204'] ?? 0) * EVENTS_PER_BATCH;

  console.log('\n1. GET /api/health alone, then beside the events (p99, ms)');
  for (let round = 1; round <= 2; round++) {
    const alone = await health(DURATION);
    const [sent, loaded] = await Promise.all([sender(DURATION), health(DURATION)]);
    accepted += (sent.statuses['204'] ?? 0) * EVENTS_PER_BATCH;
    console.log(
      `round ${round}: health alone p99 ${alone.latency.p99} (${alone.requests.average.toFixed(0)} req/s); ` +
        `with ${sent.eventsPerSecond.toFixed(0)} events/s: health p99 ${loaded.latency.p99}, events p99 ${sent.p99.toFixed(1)} ` +
        `(statuses ${JSON.stringify(sent.statuses)}); events/health ${(sent.p99 / loaded.latency.p99).toFixed(2)}, ` +
        `health loaded/alone ${(loaded.latency.p99 / alone.latency.p99).toFixed(2)}`,
    );
  }

  console.log(`\n2. Memory over ${SOAK} s of ${EVENTS} events/s (RSS, heap used)`);
  const samples: string[] = [];
  // With `node --expose-gc`, the heap after a full collection: what is kept, not what waits for one.
  const gc = (globalThis as { gc?: () => void }).gc;
  const sample = () => {
    gc?.();
    const memory = process.memoryUsage();
    samples.push(`${samples.length * (SOAK / 10)} s: ${mb(memory.rss)}, ${mb(memory.heapUsed)}`);
  };
  sample();
  const timer = setInterval(sample, (SOAK / 10) * 1000);
  const soak = await sender(SOAK);
  clearInterval(timer);
  sample();
  accepted += (soak.statuses['204'] ?? 0) * EVENTS_PER_BATCH;
  console.log(samples.join('\n'));
  console.log(
    `events p99 ${soak.p99.toFixed(1)} ms (sent at a fixed rate), ${soak.eventsPerSecond.toFixed(0)} events/s, statuses ${JSON.stringify(soak.statuses)}`,
  );

  await app.clientEvents.flush();
  const { rows } = await db.query<{ total: string }>(
    `SELECT coalesce(sum(count), 0) AS total FROM remote_client_counts WHERE version = $1`,
    [VERSION],
  );
  console.log(`counted in the table: ${rows[0]!.total}; accepted by the route: ${accepted + warmed}`);

  console.log(`\n3. GET /api/remotes beside GET /api/health, ${REMOTES_CONNECTIONS} connections (p99, ms)`);
  const customer = await signIn('user@northwind.test');
  const remotes = (seconds: number) =>
    autocannon({
      url: `${origin}/api/remotes`,
      headers: { authorization: `Bearer ${customer}` },
      connections: REMOTES_CONNECTIONS,
      duration: seconds,
    });
  await remotes(WARMUP);
  for (let round = 1; round <= 2; round++) {
    const base = await health(DURATION, REMOTES_CONNECTIONS);
    const list = await remotes(DURATION);
    console.log(
      `round ${round}: health p99 ${base.latency.p99} (${base.requests.average.toFixed(0)} req/s), remotes p99 ${list.latency.p99} ` +
        `(${list.requests.average.toFixed(0)} req/s, non-2xx ${list.non2xx}); remotes/health ${(list.latency.p99 / base.latency.p99).toFixed(2)}`,
    );
  }
  console.log(
    `\nload average after: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await app.close();
  await idp.close();
  await db.close();
  await removeBenchData({ url: databaseUrl, schema }, work);
}
