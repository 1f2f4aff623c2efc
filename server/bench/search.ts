// The search bench: GET /api/search under 20 concurrent callers, as a customer and as an
// administrator (the consoles' scope), on a data set it writes itself, with the plan of each query.
//
//   cd server && npx tsx bench/search.ts                                    (PGlite, the demo data)
//   DATABASE_URL=postgres://… BENCH_SEARCH_SCALE=1 npx tsx bench/search.ts  (PostgreSQL)
//   BENCH_SEARCH_SCALE=1 means the full set: 100,000 advices, 50,000 news items, 200,000 files and
//   1,000,000 messages; 0.1 a tenth of it. BENCH_DURATION=5 (seconds per query), BENCH_CONNECTIONS=20.
//   BENCH_SCHEMA=name (PostgreSQL): keeps the data set in that schema after the run and reuses it
//   on the next one instead of writing it again (drop the schema by hand when done).
//   BENCH_QUERIES=prefix,typo and BENCH_CALLERS=customer run only those (by the table's labels).
//   BENCH_WARMUP=10: seconds of the same load before each measurement, not counted (0: none).
//
// Prints, per query and caller: requests, p50, p95 and p99 (ms), the machine's CPU time per search
// (Linux), and the indexes its plans use;
// BENCH_PLANS=1 prints the plans too, BENCH_PLANS=analyze with their timings.
// Figures are measured, not asserted (docs/performance.md).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db, QueryOptions } from '../src/db/db';
import { benchConfig, benchSignIn, openBenchDb, removeBenchData } from './bench-app';
import { SEARCH_BENCH_QUERIES } from './search-queries';
import { startTestIdp } from '../test/test-support/test-idp';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SCALE = Number(process.env.BENCH_SEARCH_SCALE ?? 0);
// Seconds of the same load before each measurement, not counted (see "warm-up" below).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);

// Words of a publisher's advices, in both languages: each text takes a few at random.
const WORDS = `report rapport reconciliation réconciliation bank banque forecast prévision budget sales ventes invoice facture
  customer client quarterly trimestriel monthly mensuel closing clôture dashboard tableau refresh actualisation dataset données
  export import growth croissance margin marge stock inventory inventaire audit compliance conformité policy politique access
  accès rights droits payroll paie tax fiscalité treasury trésorerie cash liquidités supplier fournisseur order commande
  delivery livraison quality qualité duplicate doublon record fiche archive archivage project projet portfolio portefeuille
  element élément analysis analyse review revue indicator indicateur performance model modèle rate taux year année`
  .split(/\s+/)
  .filter(Boolean);

const text = (seed: string, count: number) =>
  `(SELECT string_agg((ARRAY[${WORDS.map((word) => `'${word}'`).join(',')}])[1 + abs(hashtext(${seed} || ':' || k)) % ${WORDS.length}], ' ')
      FROM generate_series(1, ${count}) k)`;

// Rows are written oldest first, as a portal writes them, so that ids and the table's pages follow
// the dates: a walk down a date index then reads neighbouring rows, as it would in production.
// (Until 2026-11-28 they were written in a cycle of dates, each of the newest rows on a page of its
// own: a layout no portal has, a tenth slower for a customer's searches:
// docs/journal/2026-11-28-search-customer-costs.md.)
async function grow(db: Db, scale: number) {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await db.query(sql, params);
    console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const northwind = (await db.query<{ id: number }>(`SELECT id FROM entities WHERE slug = 'northwind-traders'`)).rows[0]!.id;
  await step(
    `${n(100)} companies`,
    `INSERT INTO entities (name, slug) SELECT 'Bench company ' || i, 'bench-' || i FROM generate_series(1, $1::int) i`,
    [n(100)],
  );
  const range = `(SELECT min(id) AS lo, (max(id) - min(id) + 1)::int AS span FROM entities)`;
  await step(
    `${n(100_000)} advices`,
    `INSERT INTO advices (title, subtitle, description, status, audience_type, entity_id, created_at)
     SELECT ${text("'t' || i", 4)}, ${text("'s' || i", 6)}, '<p>' || ${text("'b' || i", 40)} || '</p>', CASE WHEN i % 5 = 0 THEN 0 ELSE 16 END,
            'multi_users', CASE WHEN i % 20 < 2 THEN $2::int ELSE e.lo + i % e.span END, now() - (i % 1500) * interval '1 day'
       FROM generate_series(1, $1::int) i, ${range} e ORDER BY i % 1500 DESC, i`,
    [n(100_000), northwind],
  );
  await step(
    `${n(50_000)} news items`,
    `INSERT INTO news_items (title, subtitle, description, status, created_at)
     SELECT ${text("'nt' || i", 4)}, ${text("'ns' || i", 6)}, '<p>' || ${text("'nb' || i", 40)} || '</p>', CASE WHEN i % 4 = 0 THEN 0 ELSE 16 END,
            now() - (i % 2000) * interval '1 day'
       FROM generate_series(1, $1::int) i ORDER BY i % 2000 DESC, i`,
    [n(50_000)],
  );
  await step(
    `collections and folders`,
    `WITH c AS (INSERT INTO exchange_collections (entity_id, project) SELECT id, 'Project ' || id FROM entities RETURNING id)
     INSERT INTO exchange_folders (collection_id, name) SELECT c.id, 'Folder ' || k FROM c, generate_series(1, 5) k`,
  );
  await step(
    `${n(200_000)} files`,
    `WITH f AS (SELECT id, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS total FROM exchange_folders)
     INSERT INTO exchange_files (folder_id, name, name_original, extension, comment)
     SELECT f.id, 'file-' || i || '.xlsx', replace(${text("'f' || i", 3)}, ' ', '-') || '-' || i || '.xlsx', 'xlsx', ${text("'fc' || i", 8)}
       FROM generate_series(1, $1::int) i JOIN f ON f.k = 1 + (i - 1) % f.total`,
    [n(200_000)],
  );
  await step(
    `${n(20_000)} discussions`,
    `INSERT INTO discussions (customer_id, consultant_id, status, last_activity_at)
     SELECT (SELECT id FROM users WHERE email = 'user@northwind.test'), (SELECT id FROM users WHERE email = 'consultant@demo.test'),
            'closed', now() FROM generate_series(1, 5)
     UNION ALL
     SELECT u.id, (SELECT id FROM users WHERE email = 'consultant@demo.test'), 'closed', now()
       FROM generate_series(1, $1::int) i, LATERAL (SELECT id FROM users ORDER BY id OFFSET i % 6 LIMIT 1) u`,
    [n(20_000)],
  );
  await step(
    `${n(1_000_000)} messages`,
    // The discussion of message i is named by i alone (the count is a constant), so that the join is
    // a hash join: with the count read from each discussion's row it was a nested loop over every
    // pair, a million messages times 20,000 discussions, which grew with the square of the size.
    `WITH d AS (SELECT id, customer_id, consultant_id, row_number() OVER (ORDER BY id) AS k FROM discussions)
     INSERT INTO messages (discussion_id, from_user_id, to_user_id, message, created_at)
     SELECT d.id, d.customer_id, d.consultant_id, ${text("'m' || i", 15)}, now() - (i % 1000) * interval '1 hour'
       FROM generate_series(1, $1::int) i JOIN d ON d.k = 1 + (i - 1) % (SELECT count(*) FROM discussions)
      ORDER BY i % 1000 DESC, i`,
    [n(1_000_000)],
  );
  await step('ANALYZE', 'ANALYZE');
}

// The callers run on a thread of their own, as a load generator would be a process of its own:
// on the server's thread their requests and answers took a share of the event loop the server's
// own calls then waited for. Each of CONNECTIONS callers asks again as soon as it is answered, on a
// connection of its own kept open (node:http; fetch cost the thread twice the CPU per request, on
// the two cores the server and PostgreSQL share).
const CALLERS = `
  const { parentPort, workerData } = require('node:worker_threads');
  const http = require('node:http');
  const { url, headers, until, connections } = workerData;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let failures = 0;
  const get = () => new Promise((resolve, reject) => {
    http.get(url, { headers, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    }).on('error', reject);
  });
  Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const status = await get();
      if (status === 200) latencies.push(performance.now() - started);
      else failures += 1;
    }
  })).then(() => { agent.destroy(); parentPort.postMessage({ latencies, failures }); });
`;

function runCallers(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  return new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
    const worker = new Worker(CALLERS, { eval: true, workerData: { url, headers, until: Date.now() + seconds * 1000, connections } });
    worker.once('message', (result: { latencies: number[]; failures: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * The machine's busy CPU time so far, in ms (Linux: /proc/stat, all cores, without steal), or null.
 * Read around a query's load, divided by its requests: what one search costs the machine (the
 * server, PostgreSQL and the callers together), a figure a busy neighbour moves less than the
 * latencies.
 */
function busyMs(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user, nice, system, irq, softirq, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return [0, 1, 2, 5, 6].reduce((sum, index) => sum + (fields[index] ?? 0), 0) * 10;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'hub-bench-search-'));
  const databaseUrl = process.env.DATABASE_URL ?? null;
  const kept = databaseUrl ? (process.env.BENCH_SCHEMA ?? null) : null;
  const schema = kept ?? `bench_search_${randomBytes(3).toString('hex')}`;
  const benchDatabase = { url: databaseUrl, schema };
  const config = await benchConfig(work, benchDatabase);
  const db: Db = await openBenchDb(config);
  const idp = await startTestIdp('bench-sso');
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp(config, { db });
    await idp.register(app);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const grown = kept !== null && (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM advices`)).rows[0]!.n > 1000;
    if (SCALE > 0 && !grown) {
      const started = Date.now();
      console.log(`growing the data set (scale ${SCALE}):`);
      await grow(db, SCALE);
      console.log(`grown in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const signIn = (email: string) => benchSignIn(origin, idp, email);
    const callers = {
      customer: { headers: await signIn('user@northwind.test'), scope: '' },
      administrator: { headers: await signIn('admin@demo.test'), scope: '&scope=admin' },
    };
    console.log(
      '\n| query | caller | requests | p50 ms | p95 ms | p99 ms | CPU ms per search | non-200 | hits (total) | indexes in the plans | seq scans |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    const only = (variable: string, value: string) =>
      !process.env[variable] || process.env[variable]!.split(',').some((part) => value.startsWith(part));
    for (const [label, q] of SEARCH_BENCH_QUERIES.filter(([label]) => only('BENCH_QUERIES', label))) {
      for (const [who, caller] of Object.entries(callers).filter(([who]) => only('BENCH_CALLERS', who))) {
        const url = `${origin}/api/search?q=${encodeURIComponent(q)}${caller.scope}`;
        // One call with its statements caught, for their plans.
        const caught: Array<[string, readonly unknown[], QueryOptions | undefined]> = [];
        const query = db.query.bind(db);
        db.query = ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
          if (/^\s*(SELECT|WITH)/i.test(sql)) caught.push([sql, params ?? [], options]);
          return query(sql, params, options);
        }) as Db['query'];
        const probe = await fetch(url, { headers: caller.headers });
        const body = (await probe.json()) as { total: number; total_capped: boolean };
        db.query = query;
        const indexes = new Set<string>();
        const scans = new Set<string>();
        for (const [sql, params, options] of caught) {
          // The plan the statement runs with: prepared, with the generic plan PostgreSQL's
          // connections keep (EXPLAIN with parameters would plan it for their values instead), and
          // the settings of QueryOptions.indexOrder where it has them. A statement holding two ways
          // (search-plan.ts) shows both; with BENCH_PLANS=analyze, the one not taken "never executed".
          const literal = (value: unknown) =>
            value === null
              ? 'NULL'
              : Array.isArray(value)
                ? `'{${value.map((each) => `"${String(each).replace(/["\\]/g, '\\$&')}"`).join(',')}}'`
                : `'${String(value).replace(/'/g, "''")}'`;
          const plan = await db.transaction(async (tx) => {
            // PGlite keeps its plan cache's choice (QueryOptions): there the plan is planned for the values.
            if (db.kind === 'postgres') await tx.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
            if (db.kind === 'postgres' && options?.indexOrder) await tx.query(`SET LOCAL enable_sort = off; SET LOCAL jit = off`);
            await tx.query(`PREPARE bench_plan AS ${sql}`);
            const explained = await tx.query<{ 'QUERY PLAN': string }>(
              `EXPLAIN ${process.env.BENCH_PLANS === 'analyze' ? '(ANALYZE, BUFFERS) ' : ''}EXECUTE bench_plan${params.length ? `(${params.map(literal).join(', ')})` : ''}`,
            );
            await tx.query('DEALLOCATE bench_plan');
            return explained;
          });
          for (const row of plan.rows) {
            for (const match of row['QUERY PLAN'].matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)) indexes.add(match[1]!);
            for (const match of row['QUERY PLAN'].matchAll(/Seq Scan on (\w+)/g)) scans.add(match[1]!);
          }
          if (process.env.BENCH_PLANS) console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
        }
        // The warm-up: a server just started answers its first thousands of searches slower (V8
        // compiles its hot code on threads of its own, beside PostgreSQL on the same two cores),
        // and its throughput rose for 10 to 20 s at 20 callers (docs/journal/2026-11-29-search-warm-bench.md).
        // What is measured is the server as it runs, after that.
        if (WARMUP > 0) await runCallers(url, caller.headers, WARMUP, CONNECTIONS);
        const busyBefore = busyMs();
        const { latencies, failures } = await runCallers(url, caller.headers, DURATION, CONNECTIONS);
        const busy = busyBefore === null ? null : busyMs()! - busyBefore;
        latencies.sort((a, b) => a - b);
        const ms = (value: number) => value.toFixed(1);
        console.log(
          `| ${label} \`${q.trim()}\` | ${who} | ${latencies.length} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(percentile(latencies, 99))} | ${busy === null || latencies.length === 0 ? '–' : (busy / latencies.length).toFixed(2)} | ${failures} | ${body.total}${body.total_capped ? '+' : ''} | ${[...indexes].sort().join(', ')} | ${[...scans].sort().join(', ') || 'none'} |`,
        );
      }
    }
  } finally {
    await app?.close();
    await idp.close();
    if (kept) await db.close().catch(() => undefined);
    else {
      if (!databaseUrl) await db.close();
      await removeBenchData({ url: databaseUrl, schema }, work);
    }
  }
}

await main();
