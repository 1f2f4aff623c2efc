// The mail outbox and the daily digest, measured (figures for docs/performance.md; nothing asserted).
//
//   cd server && npx tsx bench/mail.ts      BENCH_MAIL_COUNT=5000 BENCH_DIGEST_PEOPLE=50000 (the defaults)
//
// On a throwaway PostgreSQL cluster on loopback, migrated and seeded, with a local SMTP server
// (smtp-server, counting what it receives):
// 1. outbox drain: BENCH_MAIL_COUNT notifications inserted in one statement (the trigger writes
//    their emails), then one process's worker sends them all: emails per second;
// 2. daily digest: BENCH_DIGEST_PEOPLE people, each with two unread content notifications; the
//    digest statement at their hour (time to write the digests), then the drain of those emails.
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres-db';
import { seedDemoData } from '../src/db/seed/demo-data';
import { postgresBin, startThrowawayPostgres } from '../test/faults/throwaway-postgres';
import { testConfig } from '../test/test-support/test-config';

const mailCount = Number(process.env.BENCH_MAIL_COUNT ?? 5000);
const people = Number(process.env.BENCH_DIGEST_PEOPLE ?? 50_000);
const bin = postgresBin();
if (!bin) {
  console.error('PostgreSQL is not installed (initdb, pg_ctl)');
  process.exit(1);
}
const postgres = await startThrowawayPostgres(bin);
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  closeTimeout: 100,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const db = await openPostgres({ connectionString: postgres.url, max: 10 });
try {
  await migrate(db);
  await seedDemoData(db);
  const app = await buildApp(
    testConfig({
      databaseUrl: postgres.url,
      seedDemo: false,
      mail: {
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        from: 'hub@bench.test',
        embeddedPort: 0,
        portalName: 'Client hub',
        workerIntervalMs: 0,
      },
    }),
    { db, fastify: { logger: false } },
  );
  await app.ready();
  console.log(`PostgreSQL on 127.0.0.1, local SMTP server; ${mailCount} emails at once, a digest for ${people} people`);

  // 1. Outbox drain.
  let started = performance.now();
  await db.query(
    `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
     SELECT u.id, 'tickets', 'ticket.answered', 'ticket', g, 'Ticket ' || g, '/tickets/' || g
       FROM generate_series(1, $1) g CROSS JOIN LATERAL (SELECT id FROM users ORDER BY id OFFSET (g % 5) LIMIT 1) u`,
    [mailCount],
  );
  const written = performance.now() - started;
  started = performance.now();
  const sent = await app.mail.drain();
  const drained = performance.now() - started;
  console.log(`outbox: ${mailCount} notifications and their emails written in ${written.toFixed(0)} ms (one statement)`);
  console.log(
    `outbox: ${sent} sent in ${(drained / 1000).toFixed(1)} s = ${((sent / drained) * 1000).toFixed(0)} emails/s (received ${received})`,
  );

  // 2. Daily digest for many people.
  await db.query(`UPDATE mail_outbox SET state = 'sent'`);
  started = performance.now();
  await db.query(
    `INSERT INTO users (email, first_name, last_name, time_zone)
     SELECT 'digest' || g || '@bench.test', 'Person', g::text, CASE WHEN g % 2 = 0 THEN 'Europe/Paris' ELSE 'America/New_York' END
       FROM generate_series(1, $1) g`,
    [people],
  );
  await db.query(
    `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path, created_at)
     SELECT u.id, 'content', e.event, 'advice', u.id, 'Item ' || u.id, '/advices/' || u.id, '2026-03-10T01:00:00Z'
       FROM users u CROSS JOIN (VALUES ('advice.published'), ('news.published')) e(event) WHERE u.email LIKE 'digest%@bench.test'`,
  );
  console.log(`digest: ${people} people and ${people * 2} notifications set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await app.mail.writeDigests(new Date('2026-03-09T12:00:00Z')); // the first slot of everyone, empty: marked
  received = 0;
  started = performance.now();
  const digests =
    (await app.mail.writeDigests(new Date('2026-03-10T07:00:00Z'))) + (await app.mail.writeDigests(new Date('2026-03-10T12:00:00Z')));
  const gathered = performance.now() - started;
  const digestSent = await app.mail.drain();
  const total = performance.now() - started;
  console.log(`digest: ${digests} digests written in ${(gathered / 1000).toFixed(1)} s (both time zones at 8:00)`);
  console.log(
    `digest: ${digestSent} sent, all done in ${(total / 1000).toFixed(1)} s = ${((digestSent / (total - gathered)) * 1000).toFixed(0)} emails/s (received ${received})`,
  );
  await app.close();
} finally {
  await db.close().catch(() => {});
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  postgres.destroy();
}
