// Benchmark of GET /api/remotes with a full release registry, beside GET /api/health in the same
// run (measured, not asserted: the bar is a p99 at most 2× the health check's).
//
//   cd server && npx tsx bench/remotes.ts          (PGlite; PostgreSQL when DATABASE_URL is set)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=100 ...     (the defaults)
//
// Every remote gets a stable release and a candidate for 50 % of people and two companies, so each
// answer walks the whole assignment. The two routes are measured in turns (health, remotes, health,
// remotes) so that the machine's other work weighs on both alike; autocannon runs in a child
// process. The registry is held in memory: the figures are the session guard's and the
// assignment's, with no query per request.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@hub/shared/api';
import { buildApp } from '../src/app';
import { benchConfig, benchSignIn, openBenchDb, removeBenchData, runAutocannon } from './bench-app';
import { startTestIdp } from '../test/test-support/test-idp';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(databaseUrl: string | null): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'hub-bench-'));
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const config = await benchConfig(work, { url: databaseUrl, schema });
  const db = await openBenchDb(config);
  const idp = await startTestIdp('bench-sso');
  const app = await buildApp(config, { db });
  try {
    for (const name of REMOTE_NAMES) {
      await db.query(
        `INSERT INTO remote_releases (remote, version, manifest_url, contract_version) VALUES
           ($1, '1.0.0', 'https://cdn.example.com/remotes/' || $1 || '/releases/1.0.0/mf-manifest.json', 1),
           ($1, '1.1.0', 'https://cdn.example.com/remotes/' || $1 || '/releases/1.1.0/mf-manifest.json', 1)`,
        [name],
      );
      await db.query(
        `INSERT INTO remote_rollouts (remote, stable_release, candidate_release, candidate_share, candidate_entities)
         SELECT $1, s.id, c.id, 50, ARRAY(SELECT id FROM entities ORDER BY id LIMIT 2)
           FROM remote_releases s, remote_releases c
          WHERE s.remote = $1 AND s.version = '1.0.0' AND c.remote = $1 AND c.version = '1.1.0'`,
        [name],
      );
    }
    await app.remotesRepository.reload();
    await idp.register(app);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await benchSignIn(origin, idp, 'admin@demo.test');
    const check = await fetch(`${origin}/api/remotes`, { headers });
    const body = (await check.json()) as { remotes: Array<{ version: string }> };
    if (check.status !== 200 || body.remotes.length !== REMOTE_NAMES.length) throw new Error(`unexpected answer: ${JSON.stringify(body)}`);
    console.log(
      `${databaseUrl ? 'PostgreSQL' : 'PGlite'}: GET /api/remotes answers ${body.remotes.map((remote) => remote.version).join(', ')}`,
    );

    const routes = { health: `${origin}/api/health`, remotes: `${origin}/api/remotes` };
    for (const url of Object.values(routes)) await runAutocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
    const p99 = { health: [] as number[], remotes: [] as number[] };
    const rps = { health: [] as number[], remotes: [] as number[] };
    for (let turn = 0; turn < 2; turn += 1) {
      for (const [route, url] of Object.entries(routes) as Array<[keyof typeof routes, string]>) {
        await pause(500);
        const result = await runAutocannon({ url, headers, connections: CONNECTIONS, duration: DURATION / 2 });
        if (result.non2xx + result.errors > 0) throw new Error(`${route}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        console.log(`${route}: p99 ${result.latency.p99} ms, ${result.requests.average} requests/s`);
        p99[route].push(result.latency.p99);
        rps[route].push(result.requests.average);
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    console.log(`| route | requests/s | p99 (ms) | p99 ratio to /api/health |`);
    console.log(`| --- | ---: | ---: | ---: |`);
    for (const route of ['health', 'remotes'] as const) {
      console.log(
        `| GET /api/${route} | ${mean(rps[route]).toFixed(0)} | ${mean(p99[route]).toFixed(1)} | ${(mean(p99[route]) / mean(p99.health)).toFixed(2)} |`,
      );
    }
  } finally {
    await app.close();
    await idp.close();
    await db.close();
    await removeBenchData({ url: databaseUrl, schema }, work);
  }
}

await run(process.env.DATABASE_URL ?? null);
