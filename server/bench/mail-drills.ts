// The mail outbox's two drills under load, measured (figures for docs/performance.md; it prints
// what it counts, and exits 1 only when an email is lost or arrives more than twice).
//
//   cd server && npx tsx bench/mail-drills.ts      BENCH_MAIL_COUNT=2000 (per drill, the default)
//
// Two server processes as in production (`src/main.ts`, each with its mail worker) on a throwaway
// PostgreSQL 15 cluster on loopback, sending to a real SMTP server (smtp-server) in this process,
// which keeps each email's Message-ID.
// 1. The SMTP server away for 30 s: emails keep coming (a batch of notifications every 100 ms);
//    the server stops while the workers send, and comes back on the same port. Counted: every
//    email's Message-ID, how many arrived, how many twice, and how long the outbox took to empty
//    once the server was back.
// 2. A process killed while sending: the other one paused (SIGSTOP), so that the killed one holds
//    the claims, then kill -9 once the SMTP server has received its first emails (it takes 5 ms
//    per email, so a batch is always in flight), and the other one resumed: it sends the rest, and
//    the killed one's claimed emails once their claim lapses (two minutes). An email the SMTP server
//    had accepted before the kill, but whose row was not yet marked, arrives a second time, with the
//    same Message-ID: counted apart, and never more than one batch (100).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPostgres } from '../src/db/postgres-db';
import { startServerProcess, type ServerProcess } from '../test/faults/server-process';
import { postgresBin, startThrowawayPostgres } from '../test/faults/throwaway-postgres';
import { TestSmtp } from '../test/test-support/test-smtp';

const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 2000);
const OUTAGE_MS = 30_000;
/** How long the SMTP server takes to accept each email. */
const ACCEPT_MS = 5;
const bin = postgresBin();
if (!bin) {
  console.error('PostgreSQL is not installed (initdb, pg_ctl)');
  process.exit(1);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real SMTP server that keeps every email it receives (twice when one came twice), each taking ACCEPT_MS. */
const smtp = new TestSmtp();
smtp.acceptMs = ACCEPT_MS;

await smtp.start();
const postgres = await startThrowawayPostgres(bin);
const dataDir = mkdtempSync(join(tmpdir(), 'hub-bench-mail-drills-'));
const env = {
  DATABASE_URL: postgres.url,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  MAIL_FROM: 'Client hub <hub@bench.test>',
};
const servers: ServerProcess[] = [];
const db = await openPostgres({ connectionString: postgres.url, max: 4 });
let lost = 0;
try {
  // One starts first (it migrates and seeds), then the second.
  servers.push(await startServerProcess(dataDir, env));
  servers.push(await startServerProcess(dataDir, env));
  const [a, b] = servers as [ServerProcess, ServerProcess];
  console.log(`PostgreSQL 15 on 127.0.0.1, two server processes, a local SMTP server; ${COUNT} emails per drill`);

  /** `count` notifications of a kind emailed at once (tickets), each with its email written by the trigger. */
  let subject = 0;
  const notify = async (count: number) => {
    const first = subject + 1;
    subject += count;
    await db.query(
      `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
       SELECT u.id, 'tickets', 'ticket.answered', 'ticket', g, 'Ticket ' || g, '/tickets/' || g
         FROM generate_series($1::int, $2::int) g
         CROSS JOIN LATERAL (SELECT id FROM users WHERE email LIKE '%@northwind.test' ORDER BY id OFFSET (g % 2) LIMIT 1) u`,
      [first, subject],
    );
  };
  const outbox = async () => {
    const { rows } = await db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM mail_outbox GROUP BY state');
    return Object.fromEntries(rows.map((row) => [row.state, row.n])) as Record<string, number>;
  };
  /** Sends `count` notifications in batches of `per` every 100 ms; resolves once all are written. */
  const stream = async (count: number, per: number) => {
    for (let done = 0; done < count; done += per) {
      await notify(Math.min(per, count - done));
      await sleep(100);
    }
  };
  const untilEmpty = async (limitMs: number) => {
    const started = performance.now();
    for (;;) {
      const states = await outbox();
      if (!states.pending && !states.sending) return performance.now() - started;
      if (performance.now() - started > limitMs) throw new Error(`the outbox is not empty after ${limitMs} ms: ${JSON.stringify(states)}`);
      await sleep(250);
    }
  };
  const report = (name: string, written: number, from: number) => {
    const ids = smtp.received.slice(from).map((mail) => mail.messageId ?? '(none)');
    const copies = new Map<string, number>();
    for (const id of ids) copies.set(id, (copies.get(id) ?? 0) + 1);
    const missing = written - copies.size;
    const most = Math.max(0, ...copies.values());
    lost += Math.max(0, missing);
    if (most > 2) lost += 1;
    console.log(
      `${name}: ${written} written, ${ids.length} received, ${copies.size} distinct Message-IDs, ` +
        `${ids.length - copies.size} twice, ${missing} lost, at most ${most} copies of one`,
    );
  };

  // 1. The SMTP server away for 30 s while emails keep coming.
  let from = smtp.received.length;
  const flow = stream(COUNT, Math.max(1, Math.round(COUNT / 100)));
  while (smtp.received.length - from < COUNT / 10) await sleep(50);
  await smtp.stop();
  const stoppedAt = performance.now();
  console.log(`outage: the SMTP server stopped after ${smtp.received.length - from} emails`);
  await sleep(OUTAGE_MS);
  await flow;
  const waiting = await outbox();
  await smtp.start();
  console.log(`outage: back after ${((performance.now() - stoppedAt) / 1000).toFixed(1)} s, ${waiting.pending ?? 0} emails waiting`);
  const afterOutage = await untilEmpty(10 * 60_000);
  console.log(`outage: the outbox empty ${(afterOutage / 1000).toFixed(1)} s after the SMTP server came back`);
  report('outage', COUNT, from);
  console.log(`outage: outbox ${JSON.stringify(await outbox())}`);

  // 2. A process killed while sending.
  from = smtp.received.length;
  b.child.kill('SIGSTOP');
  await notify(COUNT);
  while (smtp.received.length - from < 50) await sleep(5);
  a.child.kill('SIGKILL');
  await a.exited;
  const inFlight = (await outbox()).sending ?? 0;
  b.child.kill('SIGCONT');
  console.log(`kill: process A killed (kill -9) after ${smtp.received.length - from} emails, holding ${inFlight} claimed; B resumed`);
  const afterKill = await untilEmpty(10 * 60_000);
  console.log(`kill: the outbox empty ${(afterKill / 1000).toFixed(1)} s after the kill (claims lapse after 120 s)`);
  console.log(`kill: ${smtp.errors.length} SMTP connections broken (the killed process's)`);
  report('kill', COUNT, from);
} finally {
  await db.close().catch(() => {});
  for (const server of servers) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
    server.child.kill('SIGCONT');
    server.child.kill('SIGKILL');
  }
  await smtp.stop();
  postgres.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(lost > 0 ? 1 : 0);
