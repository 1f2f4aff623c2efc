// The notification centre, measured (figures for docs/performance.md; nothing asserted).
//
//   cd server && DATABASE_URL=postgres://… npx tsx bench/notifications.ts
//   BENCH_AUDIENCE=50000 BENCH_DURATION=10 BENCH_CONNECTIONS=100 (the defaults)
//
// On PostgreSQL (a schema of its own in DATABASE_URL's database, dropped at the end): the demo data
// plus BENCH_AUDIENCE users of Northwind, the real app on 127.0.0.1, signed in through the real
// login path. 1. Publishing one multi_users advice to all of them through
// PUT /api/admin/advices/{id}/publish: the answer's time and the notification rows written (one
// INSERT … SELECT in the publish's transaction). 2. GET /api/notifications/count with autocannon at
// BENCH_CONNECTIONS connections beside GET /bare of a minimal Fastify in this same process, and
// GET /api/advices (a customer list) for comparison: requests per second, p50/p99, and the ratio to
// the bare route.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { benchConfig, benchSignIn, openBenchDb, removeBenchData, runAutocannon } from './bench-app';
import { startTestIdp } from '../test/test-support/test-idp';

const AUDIENCE = Number(process.env.BENCH_AUDIENCE ?? 50_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL database (a schema of its own is made and dropped).');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'hub-bench-notifications-'));
const schema = `bench_notifications_${process.pid}_${randomBytes(3).toString('hex')}`;
const benchDatabase = { url: databaseUrl, schema };
const config = await benchConfig(work, benchDatabase);
const db = await openBenchDb(config);
const idp = await startTestIdp('bench-sso');
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok', items: [1, 2, 3] }));
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
const app = await buildApp(config, { db });
try {
  await db.query(
    `INSERT INTO users (email, first_name, last_name, rights, entity_id)
     SELECT 'bench' || n || '@northwind.test', 'Bench', 'User ' || n, ARRAY['user'], (SELECT id FROM entities WHERE slug = 'northwind-traders')
       FROM generate_series(1, $1::int) AS n`,
    [AUDIENCE],
  );
  await db.exec('ANALYZE');
  await idp.register(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = async (email: string) => ({ ...(await benchSignIn(origin, idp, email)), 'content-type': 'application/json' });
  const publisher = await signIn('publisher@demo.test');
  const created = await fetch(`${origin}/api/admin/advices`, {
    method: 'POST',
    headers: publisher,
    body: JSON.stringify({ title: 'For everyone at Northwind', audience_type: 'multi_users' }),
  });
  const { id } = (await created.json()) as { id: number };
  const started = performance.now();
  const published = await fetch(`${origin}/api/admin/advices/${id}/publish`, { method: 'PUT', headers: publisher, body: '{}' });
  const took = performance.now() - started;
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM notifications WHERE subject_type = 'advice' AND subject_id = $1`,
    [id],
  );
  console.log(
    `publish to ${AUDIENCE} users (+ the demo's Northwind users): ${published.status} in ${took.toFixed(0)} ms, ${rows[0]!.count} notifications written`,
  );

  const nina = await signIn('user@northwind.test');
  const measure = async (url: string, headers: Record<string, string> = {}) => {
    await runAutocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
    return runAutocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  };
  const bareRun = await measure(bareUrl);
  const countRun = await measure(`${origin}/api/notifications/count`, { authorization: nina.authorization });
  // A customer list in the same run: the count's goal is the lists' ratio to the bare route.
  const listRun = await measure(`${origin}/api/advices`, { authorization: nina.authorization });
  for (const [route, run] of [
    ['GET /bare (minimal Fastify)', bareRun],
    ['GET /api/notifications/count', countRun],
    ['GET /api/advices', listRun],
  ] as const) {
    console.log(
      `${route}: ${run.requests.average.toFixed(0)} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, errors ${run.errors + run.timeouts + run.non2xx}, ratio ${(run.requests.average / bareRun.requests.average).toFixed(2)}`,
    );
  }
  console.log(`load average (1 min): ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await app.close();
  await bare.close();
  await idp.close();
  await db.close();
  await removeBenchData(benchDatabase, work);
}
