// Benchmark of the hub API's lists (GET /api/advices, /api/news-items, /api/dashboards) beside a
// bare Fastify route (measured, not asserted).
//
//   cd server && npx tsx bench/api.ts              (PGlite; and PostgreSQL when DATABASE_URL is set)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=100 ...    (the defaults); BENCH_ONLY=pglite|postgres
//   BENCH_ONLY=postgres without DATABASE_URL       starts a throwaway PostgreSQL cluster (Debian's
//                                                  postgresql, test/faults/throwaway-postgres.ts)
//   BENCH_ROUTES=advices,news-items                measures some of the three lists only
//
// For each database: seeds the demo data, 10,000 advices and 500 dashboards for Northwind and
// 2,000 news items (batched inserts), starts
// the real app on 127.0.0.1, signs in as user@northwind.test through the real login path
// (POST /api/auth/login with an identity token of a registered provider), then measures with
// autocannon: GET /bare of a minimal Fastify instance in this same process (so both servers share
// the one main thread and differ only by what the route does), then the authenticated
// lists (a page of 20 each). autocannon runs in a child process, so that the CPU time this
// process spends is the servers' alone: printed per request beside PostgreSQL's backends' (read
// from /proc when the server is on this machine), figures that the other work on a shared
// machine does not inflate the way it inflates latencies.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { benchConfig, benchSignIn, openBenchDb, removeBenchData, runAutocannon } from './bench-app';
import { postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../test/faults/throwaway-postgres';
import { startTestIdp } from '../test/test-support/test-idp';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ADVICES = 10_000;
const NEWS_ITEMS = 2_000;
const DASHBOARDS = 500;
const BATCH = 1_000;

interface Row {
  database: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number | null;
  /** CPU milliseconds per request: this process (the servers; PGlite too), PostgreSQL's backends. */
  nodeCpu: number;
  pgCpu: number | null;
  /** The machine's 1-minute load average at the end of the run (other people's work included). */
  load: number;
}

const ROUTES = (process.env.BENCH_ROUTES ?? 'advices,news-items,dashboards').split(',').filter(Boolean);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds used so far by these processes (utime + stime of /proc/<pid>/stat), or null off this machine. */
function processCpu(pids: readonly number[]): number | null {
  try {
    let ticks = 0;
    for (const pid of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

interface Measured {
  result: Result;
  nodeCpu: number;
  pgCpu: number | null;
  load: number;
}

async function measure(
  url: string,
  headers: Record<string, string> = {},
  backends: () => Promise<number[]> = async () => [],
): Promise<Measured> {
  // A short warm-up first (JIT, the database's caches, the pool's connections).
  await runAutocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  await pause(500);
  const pids = await backends();
  const pgBefore = pids.length ? processCpu(pids) : null;
  const before = process.cpuUsage();
  const result = await runAutocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const used = process.cpuUsage(before);
  const pgAfter = pids.length ? processCpu(pids) : null;
  const requests = Math.max(result.requests.total, 1);
  await pause(500);
  return {
    result,
    nodeCpu: (used.user + used.system) / 1000 / requests,
    pgCpu: pgBefore === null || pgAfter === null ? null : ((pgAfter - pgBefore) * 1000) / requests,
    load: loadavg()[0]!,
  };
}

/** 10,000 advices for Northwind, 1,000 per INSERT: mostly published, some drafts, some personal, a few pinned. */
async function seedAdvices(db: Db): Promise<void> {
  const { rows } = await db.query<{ entity: number; author: number; nina: number; paula: number }>(
    `SELECT (SELECT id FROM entities WHERE slug = 'northwind-traders') AS entity,
            (SELECT id FROM users WHERE email = 'contributor@northwind.test') AS author,
            (SELECT id FROM users WHERE email = 'user@northwind.test') AS nina,
            (SELECT id FROM users WHERE email = 'publisher@demo.test') AS paula`,
  );
  const { entity, author, nina, paula } = rows[0]!;
  for (let from = 1; from <= ADVICES; from += BATCH) {
    await db.query(
      `INSERT INTO advices (title, subtitle, description, status, audience_type, pinned, category_id, entity_id, created_by, created_at, updated_at)
       SELECT 'Advice ' || n, 'Subtitle ' || n, '<p>Advice number ' || n || ' for Northwind.</p>',
              CASE WHEN n % 5 = 0 THEN 0 ELSE 16 END,
              CASE WHEN n % 10 = 3 THEN 'user' ELSE 'multi_users' END,
              n % 1000 = 0,
              (SELECT id FROM categories ORDER BY id LIMIT 1 OFFSET n % 3),
              $3, $4, now() - n * interval '1 hour', now() - n * interval '1 hour'
         FROM generate_series($1::int, $2::int) AS n`,
      [from, Math.min(from + BATCH - 1, ADVICES), entity, author],
    );
  }
  // The personal ones go to Nina or to Paula, alternately.
  await db.query(
    `INSERT INTO advice_users (advice_id, user_id)
     SELECT a.id, CASE WHEN a.id % 2 = 0 THEN $2::int ELSE $3::int END FROM advices a
      WHERE a.entity_id = $1 AND a.audience_type = 'user' AND a.title LIKE 'Advice %'`,
    [entity, nina, paula],
  );
  // News items are for everyone: 80 % published, 10 pinned.
  await db.query(
    `INSERT INTO news_items (title, subtitle, description, status, pinned, tag, category_id, created_by, created_at, updated_at)
     SELECT 'News ' || n, 'Subtitle ' || n, '<p>News number ' || n || '.</p>', CASE WHEN n % 5 = 0 THEN 0 ELSE 16 END,
            n % 200 = 0, CASE WHEN n % 2 = 0 THEN 'tax' END, (SELECT id FROM categories ORDER BY id LIMIT 1 OFFSET n % 3),
            $2, now() - n * interval '1 hour', now() - n * interval '1 hour'
       FROM generate_series(1, $1::int) AS n`,
    [NEWS_ITEMS, author],
  );
  // Dashboards of Northwind: 80 % published, 10 % personal (Nina or Paula).
  await db.query(
    `INSERT INTO dashboards (title, tag, description, url, status, entity_id, audience_type, created_by, created_at, updated_at)
     SELECT 'Dashboard ' || n, 'finance', '<p>Dashboard number ' || n || '.</p>', 'https://reports.example.test/' || n,
            CASE WHEN n % 5 = 0 THEN 0 ELSE 16 END, $2, CASE WHEN n % 10 = 3 THEN 'user' ELSE 'multi_users' END,
            $3, now() - n * interval '1 hour', now() - n * interval '1 hour'
       FROM generate_series(1, $1::int) AS n`,
    [DASHBOARDS, entity, author],
  );
  await db.query(
    `INSERT INTO dashboard_users (dashboard_id, user_id)
     SELECT d.id, CASE WHEN d.id % 2 = 0 THEN $2::int ELSE $3::int END FROM dashboards d
      WHERE d.entity_id = $1 AND d.audience_type = 'user' AND d.title LIKE 'Dashboard %'`,
    [entity, nina, paula],
  );
  await db.exec('ANALYZE');
}

async function startBare(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ status: 'ok', items: [1, 2, 3] }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${address}/bare` };
}

async function run(database: 'pglite' | 'postgres', rows: Row[], databaseUrl?: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'hub-bench-'));
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const benchDatabase = { url: database === 'postgres' ? databaseUrl! : null, schema };
  const config = await benchConfig(work, benchDatabase);
  // The default set-up's PGlite keeps its data on disk; PostgreSQL through the app's own pool (10).
  const db = await openBenchDb(config);
  const idp = await startTestIdp('bench-sso');
  const bare = await startBare();
  let app: FastifyInstance | null = null;
  try {
    const seeding = Date.now();
    app = await buildApp(config, { db });
    await seedAdvices(db);
    console.log(
      `${database}: seeded ${ADVICES} advices, ${NEWS_ITEMS} news items, ${DASHBOARDS} dashboards in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
    await idp.register(app);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });

    const headers = await benchSignIn(origin, idp, 'user@northwind.test');
    for (const route of ROUTES) {
      const check = await fetch(`${origin}/api/${route}`, { headers });
      const body = await check.text();
      const page = JSON.parse(body) as { items: unknown[]; total: number };
      if (check.status !== 200 || page.items.length !== 20) throw new Error(`unexpected answer: ${check.status} ${body.slice(0, 200)}`);
      console.log(`${database}: GET /api/${route} answers 20 of ${page.total} visible (${(Buffer.byteLength(body) / 1024).toFixed(1)} kB)`);
    }

    // PostgreSQL's backends that serve the app's pool (all of them are connected after the warm-up).
    const backends = async () =>
      database === 'postgres'
        ? (
            await db.query<{ pid: number }>(
              'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
            )
          ).rows.map((row) => row.pid)
        : [];
    const bareRun = await measure(bare.url);
    const runs: [string, Measured][] = [['GET /bare (minimal Fastify)', bareRun]];
    for (const route of ROUTES) runs.push([`GET /api/${route} (page of 20)`, await measure(`${origin}/api/${route}`, headers, backends)]);
    const bareRps = bareRun.result.requests.average;
    for (const [route, run] of runs) {
      const { result } = run;
      rows.push({
        database: database === 'pglite' ? 'PGlite (on disk)' : 'PostgreSQL 15',
        route,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        ratio: run === bareRun ? null : result.requests.average / bareRps,
        nodeCpu: run.nodeCpu,
        pgCpu: run.pgCpu,
        load: run.load,
      });
    }
  } finally {
    await app?.close();
    await bare.app.close();
    await idp.close();
    await db.close();
    await removeBenchData({ url: database === 'postgres' ? databaseUrl! : null, schema }, work);
  }
}

const rows: Row[] = [];
// BENCH_ONLY=pglite or BENCH_ONLY=postgres measures one (when profiling, say).
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await run('pglite', rows);
if (only !== 'pglite') {
  if (process.env.DATABASE_URL) await run('postgres', rows, process.env.DATABASE_URL);
  else if (only === 'postgres') {
    // No DATABASE_URL: a throwaway cluster of Debian's postgresql, removed afterwards.
    const bin = postgresBin();
    if (!bin) throw new Error('BENCH_ONLY=postgres needs DATABASE_URL or an installed postgresql (apt-get install postgresql)');
    let cluster: ThrowawayPostgres | null = null;
    try {
      cluster = await startThrowawayPostgres(bin);
      console.log(`postgres: a throwaway cluster at ${cluster.url}`);
      await run('postgres', rows, cluster.url);
    } finally {
      cluster?.destroy();
    }
  } else console.log('PostgreSQL skipped: set DATABASE_URL=postgres://… (or BENCH_ONLY=postgres for a throwaway cluster)');
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s per route, Node ${process.versions.node}, ${availableParallelism()} cores, load average now ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}\n`,
);
console.log('| database | route | req/s | p50 | p99 | errors | of bare | CPU per request: server / PostgreSQL | load (1 min) |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const ratio = row.ratio === null ? '100 %' : `${Math.round(row.ratio * 100)} %`;
  const cpu = `${row.nodeCpu.toFixed(2)} ms / ${row.pgCpu === null ? '–' : `${row.pgCpu.toFixed(2)} ms`}`;
  console.log(
    `| ${row.database} | ${row.route} | ${Math.round(row.rps)} | ${row.p50} ms | ${row.p99} ms | ${row.errors} | ${ratio} | ${cpu} | ${row.load.toFixed(1)} |`,
  );
}
