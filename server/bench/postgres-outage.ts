// PostgreSQL stopped under load (measured, not asserted; the behaviour is tested in
// test/faults/postgres-outage.test.ts).
//
//   cd server && npx tsx bench/postgres-outage.ts      BENCH_CLIENTS=10 BENCH_OUTAGE_S=10 (the defaults)
//
// Starts a throwaway PostgreSQL cluster on loopback (initdb/pg_ctl, as the fault test does), the
// real app on it, then BENCH_CLIENTS clients calling GET /api/health (one database read) in a loop:
// 3 s of normal load, `pg_ctl stop -m fast`, BENCH_OUTAGE_S seconds stopped, `pg_ctl start`, 5 s
// more. Prints the answers by status in each phase, the time from the stop to the first 503, the
// slowest answer during the outage, and the time from the start to the first 200.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { postgresBin, startThrowawayPostgres } from '../test/faults/throwaway-postgres';
import { testConfig } from '../test/test-support/test-config';

const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const outageMs = Number(process.env.BENCH_OUTAGE_S ?? 10) * 1000;
const bin = postgresBin();
if (!bin) {
  console.error('PostgreSQL is not installed (initdb, pg_ctl)');
  process.exit(1);
}
const postgres = await startThrowawayPostgres(bin);
const dataDir = mkdtempSync(join(tmpdir(), 'hub-outage-bench-'));
const app = await buildApp(testConfig({ dataDir, databaseUrl: postgres.url, rateLimitMax: 1_000_000 }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });

type Phase = 'before' | 'outage' | 'after';
let phase: Phase = 'before';
const counts: Record<Phase, Map<number | string, number>> = { before: new Map(), outage: new Map(), after: new Map() };
let stoppedAt = 0;
let startedAt = 0;
let first503 = -1;
let first200After = -1;
let slowestOutage = 0;
let running = true;

async function client() {
  while (running) {
    const sent = Date.now();
    const current = phase;
    let status: number | string;
    try {
      const response = await fetch(`${address}/api/health`);
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      status = (error as Error).message;
    }
    const now = Date.now();
    counts[current].set(status, (counts[current].get(status) ?? 0) + 1);
    if (current === 'outage') {
      slowestOutage = Math.max(slowestOutage, now - sent);
      if (status === 503 && first503 < 0) first503 = now - stoppedAt;
    }
    if (current === 'after' && status === 200 && first200After < 0) first200After = now - startedAt;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = Array.from({ length: clients }, client);
await sleep(3000);
stoppedAt = Date.now();
phase = 'outage';
await postgres.stop();
const stopMs = Date.now() - stoppedAt;
await sleep(outageMs);
phase = 'after';
startedAt = Date.now();
await postgres.start();
const startMs = Date.now() - startedAt;
await sleep(5000);
running = false;
await Promise.all(load);
await app.close();
postgres.destroy();
rmSync(dataDir, { recursive: true, force: true });

const show = (map: Map<number | string, number>) => [...map].map(([status, count]) => `${status}: ${count}`).join(', ');
console.log(`${clients} clients, GET /api/health, PostgreSQL stopped ${outageMs / 1000} s`);
console.log(`before  ${show(counts.before)}`);
console.log(`outage  ${show(counts.outage)}  (pg_ctl stop took ${stopMs} ms)`);
console.log(`after   ${show(counts.after)}  (pg_ctl start took ${startMs} ms)`);
console.log(`first 503 ${first503} ms after the stop began; slowest answer during the outage ${slowestOutage} ms`);
console.log(`first 200 ${first200After} ms after the start began`);
