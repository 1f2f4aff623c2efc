import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { RETENTION_TABLES, runRetentionPass } from '../../../../src/lib/retention/retention-pass';
import { DEFAULT_RETENTION } from '../../../../src/lib/retention/retention-settings';
import { ConfigError, loadConfig } from '../../../../src/plugins/external/config';
import { anotherPostgresHandle, build, DB_KIND, resetData, testDb, userId } from '../../../test-support/helper';

const DAY = 86_400_000;
const USER = 'user@northwind.test';

/** Rows of every kind the job removes, aged `days` (a date that many days before now). */
async function rowsAged(days: number, count = 1): Promise<void> {
  const db = await testDb();
  const at = new Date(Date.now() - days * DAY).toISOString();
  const user = await userId(USER);
  for (let i = 0; i < count; i += 1) {
    await db.query(`INSERT INTO audit_log (action, item_type, at) VALUES ('retention.test', 'test', $1)`, [at]);
    // Read and unread notifications of the same age: only the read ones may go.
    await db.query(
      `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path, created_at, read_at)
       VALUES ($1, 'tickets', 'ticket.answered', 'retention-test', 1, 'read', '/tickets/1', $2, $2),
              ($1, 'tickets', 'ticket.answered', 'retention-test', 2, 'unread', '/tickets/2', $2, NULL)`,
      [user, at],
    );
    await db.query(
      `INSERT INTO mail_outbox (user_id, kind, event, state, created_at, sent_at) VALUES ($1, 'tickets', 'retention.test', 'sent', $2, $2)`,
      [user, at],
    );
    // An email that never went is not a record of a sent one: it stays whatever its age.
    await db.query(
      `INSERT INTO mail_outbox (user_id, kind, event, state, created_at) VALUES ($1, 'tickets', 'retention.test', 'failed', $2)`,
      [user, at],
    );
    await db.query(`INSERT INTO mail_received (received_at, subject) VALUES ($1, 'retention.test')`, [at]);
    await db.query(`INSERT INTO live_events (channel, users, payload, created_at) VALUES ('retention_test', '{}', '{}', $1)`, [at]);
  }
}

async function counts(): Promise<Record<string, number>> {
  const db = await testDb();
  const one = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;
  return {
    audit: await one(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'retention.test'`),
    read: await one(`SELECT count(*)::int AS n FROM notifications WHERE subject_type = 'retention-test' AND read_at IS NOT NULL`),
    unread: await one(`SELECT count(*)::int AS n FROM notifications WHERE subject_type = 'retention-test' AND read_at IS NULL`),
    sent: await one(`SELECT count(*)::int AS n FROM mail_outbox WHERE event = 'retention.test' AND state = 'sent'`),
    failed: await one(`SELECT count(*)::int AS n FROM mail_outbox WHERE event = 'retention.test' AND state = 'failed'`),
    received: await one(`SELECT count(*)::int AS n FROM mail_received WHERE subject = 'retention.test'`),
    live: await one(`SELECT count(*)::int AS n FROM live_events WHERE channel = 'retention_test'`),
  };
}

describe(`retention job (${DB_KIND})`, () => {
  beforeEach(async () => {
    await resetData();
    const db = await testDb();
    await db.exec(`DELETE FROM job_leases; DELETE FROM mail_outbox; DELETE FROM mail_received; DELETE FROM live_events`);
  });

  test('should delete each kind past its limit, keep what is within it and every unread notification', async () => {
    const app = await build();
    // Defaults: audit 400 days, read notifications 90, emails 30, live events 7.
    await rowsAged(401); // everything of this age goes, except the unread notification and the failed email
    await rowsAged(95); // audit stays; read notification, emails and live events go
    await rowsAged(20); // audit, notifications stay; emails stay (30); live events go
    await rowsAged(2); // all stay
    const result = await app.retention.run();
    assert.equal(result.ran, true);
    assert.deepEqual(await counts(), { audit: 3, read: 2, unread: 4, sent: 2, failed: 4, received: 2, live: 1 });
    assert.equal(result.deleted.audit_log, 1);
    assert.equal(result.deleted.live_events, 3);
    // The metrics say what went, per table.
    const metric = await app.metrics.registry.getSingleMetricAsString('hub_retention_deleted_rows_total');
    assert.match(metric, /hub_retention_deleted_rows_total\{table="live_events"\} 3\b/);
    assert.match(metric, /hub_retention_deleted_rows_total\{table="notifications"\} 2\b/);
    // Nothing left past a limit: a second pass deletes nothing.
    const again = await app.retention.run();
    assert.equal(
      Object.values(again.deleted).reduce((sum, n) => sum + n, 0),
      0,
    );
  });

  test('should delete in batches of at most the batch size', async () => {
    const db = await testDb();
    await rowsAged(10, 7);
    const sizes: number[] = [];
    const result = await runRetentionPass(db, DEFAULT_RETENTION, {
      now: new Date(),
      holder: 'batch-test',
      keepMs: 0,
      batchSize: 3,
      pauseMs: 1,
      onDeleted: (kind, rows) => kind === 'live_events' && sizes.push(rows),
    });
    assert.deepEqual(sizes, [3, 3, 1]);
    assert.equal(result.deleted.live_events, 7);
    assert.equal((await counts()).live, 0);
  });

  test('should run on one process at a time, and once per interval across them', async () => {
    const first = await testDb();
    // On PostgreSQL, a second connection pool, as another server process holds; on PGlite, one process has the database.
    const second = DB_KIND === 'postgres' ? await anotherPostgresHandle() : first;
    try {
      await rowsAged(10, 5);
      const options = { now: new Date(), keepMs: 60 * 60_000, batchSize: 2, pauseMs: 20 };
      const [a, b] = await Promise.all([
        runRetentionPass(first, DEFAULT_RETENTION, { ...options, holder: 'process-a' }),
        runRetentionPass(second, DEFAULT_RETENTION, { ...options, holder: 'process-b' }),
      ]);
      assert.deepEqual([a.ran, b.ran].sort(), [false, true]);
      assert.equal((a.deleted.live_events ?? 0) + (b.deleted.live_events ?? 0), 5);
      // Finished, the lease is kept for the interval: the other process does not run it again yet.
      const loser = a.ran ? 'process-b' : 'process-a';
      const later = await runRetentionPass(second, DEFAULT_RETENTION, { ...options, holder: loser });
      assert.equal(later.ran, false);
      // A lease whose time passed (its holder died, or the interval is over) is taken.
      await first.query(`UPDATE job_leases SET until = now() - interval '1 second'`);
      assert.equal((await runRetentionPass(second, DEFAULT_RETENTION, { ...options, holder: loser })).ran, true);
    } finally {
      if (second !== first) await second.close();
    }
  });

  test('should refuse a setting below its floor, naming the variable', async () => {
    const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/hub-retention-config' };
    for (const variable of [
      'RETENTION_AUDIT_DAYS',
      'RETENTION_NOTIFICATIONS_DAYS',
      'RETENTION_EMAILS_DAYS',
      'RETENTION_LIVE_EVENTS_DAYS',
      'RETENTION_EXPORTS_DAYS',
    ]) {
      await assert.rejects(loadConfig({ ...env, [variable]: '0' }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.variable, variable);
        assert.match(error.message, new RegExp(variable));
        return true;
      });
    }
    const config = await loadConfig({ ...env, RETENTION_AUDIT_DAYS: '1' });
    assert.equal(config.retention?.auditDays, 1);
    assert.deepEqual(Object.fromEntries(RETENTION_TABLES.map(({ days }) => [days, config.retention?.[days]])), {
      auditDays: 1,
      notificationsDays: 90,
      emailsDays: 30,
      liveEventsDays: 7,
    });
    assert.equal(config.retention?.exportsDays, 7);
    // The older MAIL_RETENTION_DAYS still counts where the new settings are not set, with a warning.
    const legacy = await loadConfig({ ...env, MAIL_RETENTION_DAYS: '120', RETENTION_EMAILS_DAYS: '45' });
    assert.equal(legacy.retention?.notificationsDays, 120);
    assert.equal(legacy.retention?.emailsDays, 45);
    assert.ok(legacy.warnings.some((warning) => warning.includes('MAIL_RETENTION_DAYS')));
  });
});
