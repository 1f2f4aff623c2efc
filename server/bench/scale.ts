// The scale bench: every list and detail call of a customer, a consultant and an administrator,
// measured as the data grows (the scale seed, scripts/seed-scale.ts), with the plan of each query.
//
//   cd server && npx tsx bench/scale.ts                        (PGlite, 1×)
//   DATABASE_URL=postgres://… BENCH_FACTORS=1,10,100 npx tsx bench/scale.ts
//   DATABASE_URL=postgres://… BENCH_SCHEMA=<schema> BENCH_FACTORS=100 npx tsx bench/scale.ts
//     (measures a schema already grown to that factor, migrating it first, and keeps it: a change
//     measured again without growing the data again)
//   BENCH_DURATION=5 BENCH_CONNECTIONS=20                      (the defaults)
//   BENCH_ONLY=<regular expression>   only the calls whose label and caller match it, e.g. 'pending'
//   BENCH_SHOW_PLANS=1                 print every statement of each call with its plan
//   BENCH_RETENTION=0                  leave out the retention job under load (below)
//   BENCH_RETENTION_ONLY=<regular expression>   the calls measured beside it (RETENTION_CALLS)
//
// For each factor: grows the database to it, then for each call prints req/s, p50, p99 (ms), its
// p99 as a ratio to the same call's at the run's first factor (a common word's search too: one
// title in ten holds "sales", scripts/seed-scale.ts), the bytes of one answer, non-2xx answers, and
// the large tables its queries read by sequential scan (EXPLAIN of every SELECT the call ran).
// At the largest factor it then runs the retention job over old rows (audit lines, read
// notifications, sent emails, received emails, live events) while some calls run, and prints each
// call's p99 just before and during it. Figures are measured, not asserted (docs/performance.md).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg as osLoadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Options, Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { openPostgres } from '../src/db/postgres-db';
import { runRetentionPass } from '../src/lib/retention/retention-pass';
import { DEFAULT_RETENTION } from '../src/lib/retention/retention-settings';
import { benchConfig, openBenchDb } from './bench-app';
import { seedScale } from '../scripts/seed-scale';
import { startTestIdp } from '../test/test-support/test-idp';

/** BENCH_ONLY: the calls measured (their label and caller), all by default. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
/** BENCH_SHOW_PLANS=1: print each caught statement and its plan, not only the large tables it scans. */
const SHOW_PLANS = process.env.BENCH_SHOW_PLANS === '1';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const FACTORS = (process.env.BENCH_FACTORS ?? '1').split(',').map(Number);
const RETENTION = process.env.BENCH_RETENTION !== '0';
/** The calls measured beside the retention job: a list of each kind, a search, the customer's pages. */
const RETENTION_CALLS = new RegExp(
  process.env.BENCH_RETENTION_ONLY ??
    '^GET (/api/advices customer|/api/discussions customer|thread, latest|/api/admin/audit administrator|/api/admin/advices\\?search=sales|/api/admin/users administrator|/api/search\\?q=sales|/api/notifications)',
);
const LARGE_TABLES =
  /Seq Scan on (messages|discussions|audit_log|advices|news_items|dashboards|users|user_contacts|exchange_collections|exchange_folders|exchange_files)\b/;

/**
 * The large tables a plan reads by sequential scan. A scan right under a Limit (a capped count: at
 * most 1,001 rows) stops early when its rows match, so it is named "(under a limit)": with a
 * filter few rows pass, it may still read far.
 */
function largeTableScans(lines: string[]): string[] {
  const indent = (line: string) => line.search(/\S/);
  return lines.flatMap((line, index) => {
    const match = LARGE_TABLES.exec(line);
    if (!match) return [];
    let parent = '';
    for (let up = index - 1; up >= 0; up -= 1) {
      const above = lines[up]!;
      if (indent(above) < indent(line) && (above.trim().startsWith('->') || up === 0)) {
        parent = above;
        break;
      }
    }
    return [/^\s*(->\s*)?Limit\b/.test(parent) ? `${match[1]} (under a limit)` : match[1]!];
  });
}

const loadavg = () =>
  osLoadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

function autocannon(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    const script = `require('autocannon')(JSON.parse(process.argv[1])).then((r) => process.stdout.write(JSON.stringify(r)), (e) => { console.error(e); process.exit(1); })`;
    const child = spawn(process.execPath, ['-e', script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Result) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

interface Call {
  who: 'customer' | 'consultant' | 'administrator';
  label: string;
  path: string;
  /** The file-exchange API (/api/v2), called with its own token. */
  files?: boolean;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'hub-bench-scale-'));
  const databaseUrl = process.env.DATABASE_URL ?? null;
  const kept = process.env.BENCH_SCHEMA;
  const schema = kept ?? `bench_scale_${randomBytes(3).toString('hex')}`;
  const benchDatabase = { url: databaseUrl, schema };
  const config = await benchConfig(work, benchDatabase);
  const db: Db = await openBenchDb(config);
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const idp = await startTestIdp('bench-sso');
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp(config, { db });
    await idp.register(app);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = async (email: string) => {
      const login = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: await idp.sign({ email }), provider: idp.provider.name }),
      });
      if (!login.ok) throw new Error(`login of ${email} failed: ${login.status}`);
      return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    };
    /** The file-exchange API's token: its own login, with the same identity token's kind. */
    const filesSignIn = async (email: string) => {
      const login = await fetch(`${origin}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: await idp.sign({ email }) }),
      });
      if (!login.ok) throw new Error(`file exchange login of ${email} failed: ${login.status}`);
      return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    };
    const headers = {
      customer: await signIn('user@northwind.test'),
      consultant: await signIn('consultant@demo.test'),
      administrator: await signIn('admin@demo.test'),
    };
    const filesHeaders = {
      customer: await filesSignIn('user@northwind.test'),
      consultant: await filesSignIn('consultant@demo.test'),
      administrator: await filesSignIn('admin@demo.test'),
    };
    const headersOf = (call: Pick<Call, 'who' | 'files'>) => (call.files ? filesHeaders : headers)[call.who];
    const get = async (who: Call['who'], path: string, files = false) => {
      const once = () => fetch(`${origin}${path}`, { headers: headersOf({ who, files }) });
      // Growing the data on embedded PGlite holds the event loop for longer than the server keeps an
      // idle connection (docs/journal/2026-11-27-pglite-1x-10x.md): the first call after it may meet
      // a socket the server closes.
      const response = await once().catch(once);
      return { status: response.status, body: await response.text() };
    };
    /** The cursor `depth` pages into a list (or a thread, following `field`). */
    const deep = async (who: Call['who'], path: string, field: 'next_cursor' | 'older_cursor', param: string, depth: number) => {
      let cursor: string | null = null;
      for (let page = 0; page < depth; page += 1) {
        const { body } = await get(
          who,
          `${path}${path.includes('?') ? '&' : '?'}page_size=100${cursor ? `&${param}=${encodeURIComponent(cursor)}` : ''}`,
        );
        const next = (JSON.parse(body) as Record<string, string | null>)[field] ?? null;
        if (next === null) break;
        cursor = next;
      }
      return cursor;
    };
    /** `path` with its cursor parameter, or alone when the list is too short to have one. */
    const at = (path: string, param: string, cursor: string | null) =>
      cursor === null ? path : `${path}?${param}=${encodeURIComponent(cursor)}`;

    /** A warm-up second, then the measure (its own process: the server's event loop is not the caller's). */
    const load = async (call: Call, warm = true) => {
      if (warm) await autocannon({ url: `${origin}${call.path}`, headers: headersOf(call), connections: CONNECTIONS, duration: 1 });
      return autocannon({ url: `${origin}${call.path}`, headers: headersOf(call), connections: CONNECTIONS, duration: DURATION });
    };
    /** Each call's p99 at the run's first factor: the later factors' are printed as a ratio to it. */
    const firstP99 = new Map<string, number>();
    const ratio = (p99: number, base: number) => (base > 0 ? `${(p99 / base).toFixed(2)}×` : 'n/a');

    let grown = kept ? Math.max(...FACTORS) : 0;
    for (const factor of FACTORS) {
      const started = Date.now();
      if (factor > grown) await seedScale(db, factor - grown);
      grown = Math.max(grown, factor);
      console.log(`\n${kind} ${factor}×: grown in ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${loadavg()})`);
      const open = await db.query<{ id: number }>(
        `SELECT d.id FROM discussions d JOIN users u ON u.id = d.customer_id WHERE u.email = 'user@northwind.test' AND d.status = 'open'`,
      );
      const thread = `/api/discussions/${open.rows[0]!.id}/messages`;
      const threadDeep = await deep('customer', thread, 'older_cursor', 'before', 10);
      const listDeep = await deep('consultant', '/api/discussions/all', 'next_cursor', 'cursor', 10);
      const adminDeep = await deep('administrator', '/api/admin/discussions/all', 'next_cursor', 'cursor', 50);
      const auditDeep = await deep('administrator', '/api/admin/audit', 'next_cursor', 'cursor', 50);
      // The Northwind folder that grows with the data, and one of Northwind's advices.
      const bigFolder = await db.query<{ id: number }>(
        `SELECT f.id FROM exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id
          JOIN entities e ON e.id = c.entity_id WHERE e.slug = 'northwind-traders'
          ORDER BY (SELECT count(*) FROM exchange_files x WHERE x.folder_id = f.id) DESC, f.id LIMIT 1`,
      );
      const folder = bigFolder.rows[0]!.id;
      const advice = (
        await db.query<{ id: number }>(
          `SELECT id FROM advices WHERE entity_id = (SELECT id FROM entities WHERE slug = 'northwind-traders') AND status = 16 ORDER BY id DESC LIMIT 1`,
        )
      ).rows[0]!.id;
      const calls: Call[] = [
        { who: 'customer', label: 'GET /api/advices/{id}', path: `/api/advices/${advice}` },
        {
          who: 'customer',
          label: 'GET /api/v2/entity/{slug}/collections',
          path: '/api/v2/entity/northwind-traders/collections',
          files: true,
        },
        { who: 'customer', label: 'GET /api/v2/folder/{id}/files (largest)', path: `/api/v2/folder/${folder}/files`, files: true },
        { who: 'customer', label: 'GET /api/v2/folder/{id}/files page 20', path: `/api/v2/folder/${folder}/files?page=20`, files: true },
        { who: 'customer', label: 'GET /api/v2/latest-files', path: '/api/v2/latest-files', files: true },
        { who: 'customer', label: 'GET /api/v2/counters', path: '/api/v2/counters', files: true },
        { who: 'administrator', label: 'GET /api/v2/entities', path: '/api/v2/entities', files: true },
        { who: 'administrator', label: 'GET /api/v2/latest-files', path: '/api/v2/latest-files', files: true },
        { who: 'customer', label: 'GET /api/advices', path: '/api/advices' },
        { who: 'customer', label: 'GET /api/discussions', path: '/api/discussions' },
        { who: 'customer', label: 'GET thread, latest', path: thread },
        { who: 'customer', label: 'GET thread, 10 pages back', path: at(thread, 'before', threadDeep) },
        { who: 'consultant', label: 'GET /api/discussions', path: '/api/discussions' },
        { who: 'consultant', label: 'GET /api/discussions/all', path: '/api/discussions/all' },
        { who: 'consultant', label: 'GET /api/discussions/all, deep', path: at('/api/discussions/all', 'cursor', listDeep) },
        { who: 'consultant', label: 'GET /api/discussions/pending', path: '/api/discussions/pending' },
        { who: 'administrator', label: 'GET /api/admin/discussions', path: '/api/admin/discussions' },
        {
          who: 'administrator',
          label: 'GET /api/admin/discussions/all, deep',
          path: at('/api/admin/discussions/all', 'cursor', adminDeep),
        },
        { who: 'administrator', label: 'GET /api/admin/audit', path: '/api/admin/audit' },
        { who: 'administrator', label: 'GET /api/admin/audit, deep', path: at('/api/admin/audit', 'cursor', auditDeep) },
        { who: 'administrator', label: 'GET /api/admin/audit?action=', path: '/api/admin/audit?action=advice.publish' },
        { who: 'administrator', label: 'GET /api/admin/advices', path: '/api/admin/advices' },
        { who: 'administrator', label: 'GET /api/admin/advices page 50', path: '/api/admin/advices?page=50' },
        { who: 'administrator', label: 'GET /api/admin/advices?sort=title', path: '/api/admin/advices?sort=title&order=asc' },
        { who: 'administrator', label: 'GET /api/admin/advices?search=', path: '/api/admin/advices?search=advice%2012' },
        { who: 'administrator', label: 'GET /api/admin/news-items', path: '/api/admin/news-items' },
        { who: 'administrator', label: 'GET /api/admin/dashboards', path: '/api/admin/dashboards' },
        { who: 'administrator', label: 'GET /api/admin/users', path: '/api/admin/users' },
        { who: 'customer', label: 'GET /api/notifications', path: '/api/notifications' },
        { who: 'customer', label: 'GET /api/notifications/count', path: '/api/notifications/count' },
        // Each console list's search box with a common word (one title in ten holds "sales", one
        // person in five is at northwind.example.test), and the administrator's global search of one.
        ...(
          [
            ['advices', 'search=sales'],
            ['news-items', 'search=sales'],
            ['dashboards', 'search=sales'],
            ['users', 'search=northwind'],
            ['audit', 'person=northwind'],
            ['entities', 'search=company'],
            ['groups', 'search=sales'],
            ['categories', 'search=a'],
            ['trainings', 'search=a'],
            ['tickets', 'search=a'],
          ] as const
        ).map(([list, search]): Call => ({
          who: 'administrator',
          label: `GET /api/admin/${list}?${search}`,
          path: `/api/admin/${list}?${search}`,
        })),
        { who: 'administrator', label: 'GET /api/search?q=sales&scope=admin', path: '/api/search?q=sales&scope=admin' },
      ];
      console.log(`| call | who | req/s | p50 ms | p99 ms | p99 ÷ ${FACTORS[0]}× | bytes | non-2xx | seq scans of large tables |`);
      console.log('|---|---|---|---|---|---|---|---|---|');
      const measured = calls.filter((call) => !ONLY || ONLY.test(`${call.label} ${call.who}`));
      for (const call of measured) {
        // One call with its queries caught, for their plans.
        const caught: Array<[string, readonly unknown[]]> = [];
        const query = db.query.bind(db);
        db.query = ((sql: string, params?: readonly unknown[], options?: never) => {
          if (/^\s*(SELECT|WITH)/i.test(sql)) caught.push([sql, params ?? []]);
          return query(sql, params, options);
        }) as Db['query'];
        const probe = await get(call.who, call.path, call.files);
        db.query = query;
        const scans = new Set<string>();
        for (const [sql, params] of caught) {
          try {
            const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
            if (SHOW_PLANS) console.log(`\n${sql}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
            for (const scan of largeTableScans(plan.rows.map((row) => row['QUERY PLAN']))) scans.add(scan);
          } catch {
            // A statement EXPLAIN cannot take (a notify, a lock): no plan.
          }
        }
        const result = await load(call);
        const failures = result.non2xx + result.errors + result.timeouts + (probe.status === 200 ? 0 : 1);
        const key = `${call.label} ${call.who}`;
        if (!firstP99.has(key)) firstP99.set(key, result.latency.p99);
        console.log(
          `| ${call.label} | ${call.who} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${ratio(result.latency.p99, firstP99.get(key)!)} | ${Buffer.byteLength(probe.body)} | ${failures} | ${[...scans].join(', ') || 'none'} |`,
        );
      }
      if (RETENTION && factor === Math.max(...FACTORS))
        await retentionUnderLoad(
          factor,
          measured.filter((call) => RETENTION_CALLS.test(`${call.label} ${call.who}`)),
        );
    }

    /**
     * The retention job under load: for each call, old rows are written (dated past each setting,
     * in proportion to the factor), the call is measured alone, then again while a pass of the job
     * deletes them in its batches (the pass stops when the window closes). A pass that ran out of
     * rows before the window closed is said so: its "during" figure is partly "after".
     */
    async function retentionUnderLoad(factor: number, measured: Call[]) {
      const settings = DEFAULT_RETENTION;
      const olderThan = (days: number) => `now() - (${days + 1} + i % 300) * interval '1 day' - i * interval '1 second'`;
      const rowsPerKind = 150 * factor;
      console.log(
        `\n${kind} ${factor}×: the retention job under load (${rowsPerKind} old rows of each kind before each call; load average ${loadavg()})`,
      );
      console.log(
        '| call | who | p99 ms before | p99 ms during | during ÷ before | non-2xx during | rows deleted | batches | tables reached | pass still running at the end |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|');
      const nina = (await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'user@northwind.test'`)).rows[0]!.id;
      for (const call of measured) {
        // Read notifications of a thousand people, Nina (the customer measured) among them.
        await db.query(
          `INSERT INTO audit_log (actor_id, action, item_type, item_id, at, details)
           SELECT NULL, 'retention.bench', 'advice', i, ${olderThan(settings.auditDays)}, NULL FROM generate_series(1, $1::int) i`,
          [rowsPerKind],
        );
        await db.query(
          `WITH people AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM users ORDER BY id LIMIT 1000) p)
           INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path, created_at, read_at)
           SELECT CASE WHEN i % 50 = 0 THEN $2::int ELSE people.ids[1 + i % cardinality(people.ids)] END, 'content', 'advice.published',
                  'advice', i, 'Old', '/advices', ${olderThan(settings.notificationsDays)}, ${olderThan(settings.notificationsDays)}
             FROM generate_series(1, $1::int) i, people`,
          [rowsPerKind, nina],
        );
        await db.query(
          `INSERT INTO mail_outbox (user_id, kind, event, state, created_at, sent_at)
           SELECT $2::int, 'content', 'digest', 'sent', ${olderThan(settings.emailsDays)}, ${olderThan(settings.emailsDays)} FROM generate_series(1, $1::int) i`,
          [rowsPerKind, nina],
        );
        await db.query(
          `INSERT INTO mail_received (received_at, subject) SELECT ${olderThan(settings.emailsDays)}, 'Old' FROM generate_series(1, $1::int) i`,
          [rowsPerKind],
        );
        await db.query(
          `INSERT INTO live_events (channel, users, payload, created_at)
           SELECT 'bench', '{}', '{}', ${olderThan(settings.liveEventsDays)} FROM generate_series(1, $1::int) i`,
          [rowsPerKind],
        );
        await db.query('ANALYZE audit_log, notifications, mail_outbox, mail_received, live_events');
        const before = await load(call);
        // The app's own job ran a pass at start and keeps the lease for its interval: freed, so
        // that this pass runs now.
        await db.query(`DELETE FROM job_leases WHERE name = 'retention'`);
        const window = new AbortController();
        let running = true;
        const pass = runRetentionPass(db, settings, { now: new Date(), holder: 'scale-bench', keepMs: 0, signal: window.signal }).finally(
          () => (running = false),
        );
        const during = await load(call, false);
        const stillRunning = running;
        window.abort();
        const run = await pass;
        const deleted = Object.values(run.deleted).reduce((sum, n) => sum + n, 0);
        const reached = Object.entries(run.deleted)
          .filter(([, n]) => n > 0)
          .map(([table]) => table)
          .join(', ');
        console.log(
          `| ${call.label} | ${call.who} | ${before.latency.p99} | ${during.latency.p99} | ${ratio(during.latency.p99, before.latency.p99)} | ${during.non2xx + during.errors + during.timeouts} | ${deleted} | ${run.batches} | ${reached || 'none'} | ${stillRunning ? 'yes' : 'no'} |`,
        );
      }
      // What a pass left (a window shorter than the pass): gone, so that the next run starts clean.
      await db.query(`DELETE FROM job_leases WHERE name = 'retention'`);
      await runRetentionPass(db, settings, { now: new Date(), holder: 'scale-bench', keepMs: 0, pauseMs: 0 });
      console.log(`load average after: ${loadavg()}`);
    }
  } finally {
    await app?.close();
    await idp.close();
    if (databaseUrl && !kept) {
      const admin = await openPostgres({ connectionString: databaseUrl, max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    } else await db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
