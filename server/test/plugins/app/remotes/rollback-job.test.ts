import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { WORDS } from '../../../../src/lib/mail/wording';
import { AUTOMATIC_ROLLBACK_ACTION, REMOTES_CONSOLE_PATH } from '../../../../src/plugins/app/remotes/rollback-job';
import { build, DB_KIND, testDb, userId } from '../../../test-support/helper';
import { auditLines, idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';
import { TestSmtp } from '../../../test-support/test-smtp';

const PUBLISHER = 'publisher@demo.test';
const USER = 'user@northwind.test';
const MINUTE = 60_000;
const SUBJECT = `Client hub: ${WORDS.en.events['remote.rolled_back']}`;

async function release(version: string): Promise<number> {
  return idOf(`INSERT INTO remote_releases (remote, version, manifest_url, contract_version) VALUES ('content', $1, $2, 1) RETURNING id`, [
    version,
    `https://cdn.example.test/content/${version}/mf-manifest.json`,
  ]);
}

/** Counts of one release at a minute `minutesAgo` before now. */
async function figures(version: string, mounts: number, errors: number, minutesAgo = 0, kind = 'boundary'): Promise<void> {
  const minute = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - minutesAgo * MINUTE).toISOString();
  const db = await testDb();
  for (const [k, count] of [
    ['mount', mounts],
    [kind, errors],
  ] as const) {
    if (count === 0) continue;
    await db.query(
      `INSERT INTO remote_client_counts (minute, remote, version, kind, count) VALUES ($1, 'content', $2, $3, $4)
       ON CONFLICT (remote, version, minute, kind) DO UPDATE SET count = remote_client_counts.count + EXCLUDED.count`,
      [minute, version, k, count],
    );
  }
}

async function rollout(): Promise<{ share: number; entities: number[]; candidate: number | null }> {
  const { rows } = await (
    await testDb()
  ).query<{ candidate_share: number; candidate_entities: number[]; candidate_release: number | null }>(
    `SELECT candidate_share, candidate_entities, candidate_release FROM remote_rollouts WHERE remote = 'content'`,
  );
  return { share: rows[0]!.candidate_share, entities: rows[0]!.candidate_entities, candidate: rows[0]!.candidate_release };
}

describe(`the automatic roll-back (${DB_KIND})`, () => {
  const smtp = new TestSmtp();
  before(() => smtp.start());
  after(() => smtp.stop());
  const hub = signedInApp({
    config: () => ({
      mail: {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Client hub <hub@example.test>',
        retentionDays: 90,
        embeddedPort: 0,
        portalName: 'Client hub',
        workerIntervalMs: 0,
      },
    }),
  });
  let candidateId = 0;
  beforeEach(async () => {
    smtp.received = [];
    const stableId = await release('1.0.0');
    candidateId = await release('1.1.0');
    // Started an hour ago, to 10 % of the people and one company.
    await (
      await testDb()
    ).query(
      `INSERT INTO remote_rollouts (remote, stable_release, candidate_release, candidate_share, candidate_entities, updated_at)
       VALUES ('content', $1, $2, 10, ARRAY[(SELECT min(id) FROM entities)], now() - interval '1 hour')`,
      [stableId, candidateId],
    );
  });

  const run = () => hub.app.rollbackJob.run();

  test('should keep a candidate below the mounts it needs (19), whatever its errors', async () => {
    await figures('1.1.0', 19, 19);
    assert.deepEqual(await run(), []);
    assert.equal((await rollout()).share, 10);
  });

  test('should keep a candidate whose rate is 2 % exactly, and stop one above', async () => {
    await figures('1.1.0', 50, 1);
    assert.deepEqual(await run(), []);
    assert.equal((await rollout()).share, 10);
    await figures('1.1.0', 0, 1);
    assert.deepEqual(
      (await run()).map((stopped) => stopped.summary),
      ['2 errors in 50 mounts; stable 0 in 0'],
    );
  });

  test('should stop a candidate of 20 mounts above both rates, and say it in the audit with its figures', async () => {
    await figures('1.1.0', 20, 1);
    await figures('1.0.0', 100, 0);
    const stopped = await run();
    assert.deepEqual(stopped, [{ remote: 'content', version: '1.1.0', summary: '1 error in 20 mounts; stable 0 in 100' }]);
    const state = await rollout();
    assert.deepEqual(state, { share: 0, entities: [], candidate: candidateId });
    const [line] = await auditLines(AUTOMATIC_ROLLBACK_ACTION);
    assert.equal(line?.actor_id, null);
    assert.equal(line?.item_id, candidateId);
    assert.deepEqual(line?.details, {
      remote: 'content',
      version: '1.1.0',
      automatic: true,
      figures: '1 error in 20 mounts; stable 0 in 100',
      stable: '1.0.0',
      window_minutes: 10,
    });
    // Stopped, it is not looked at again.
    await figures('1.1.0', 100, 100);
    assert.deepEqual(await run(), []);
    assert.equal((await auditLines(AUTOMATIC_ROLLBACK_ACTION)).length, 1);
  });

  test('should keep a candidate at twice the stable’s rate, and stop one above it', async () => {
    await figures('1.1.0', 20, 2);
    await figures('1.0.0', 100, 5);
    assert.deepEqual(await run(), []);
    await figures('1.0.0', 100, 0);
    assert.deepEqual(
      (await run()).map((stopped) => stopped.summary),
      ['2 errors in 20 mounts; stable 5 in 200'],
    );
  });

  test('should write the issue’s example as it says it', async () => {
    await figures('1.1.0', 31, 7);
    await figures('1.0.0', 402, 1);
    assert.deepEqual(
      (await run()).map((stopped) => stopped.summary),
      ['7 errors in 31 mounts; stable 1 in 402'],
    );
  });

  test('should count a load failure as a try, so a release that never loads is stopped too', async () => {
    await figures('1.1.0', 0, 20, 0, 'load-failure');
    assert.deepEqual(
      (await run()).map((stopped) => stopped.summary),
      ['20 errors in 20 mounts; stable 0 in 0'],
    );
  });

  test('should read the last ten minutes only, and the candidate’s since its roll-out last changed', async () => {
    await figures('1.1.0', 40, 40, 10);
    assert.deepEqual(await run(), [], 'a minute past the window');
    await (await testDb()).query(`UPDATE remote_rollouts SET updated_at = now() - interval '3 minutes'`);
    await figures('1.1.0', 40, 40, 5);
    assert.deepEqual(await run(), [], 'before the roll-out changed');
    await figures('1.1.0', 20, 20, 2);
    assert.equal((await run()).length, 1);
  });

  test('should leave alone a candidate given to nobody', async () => {
    await (await testDb()).query(`UPDATE remote_rollouts SET candidate_share = 0, candidate_entities = '{}'`);
    await figures('1.1.0', 100, 100);
    assert.deepEqual(await run(), []);
    assert.equal((await auditLines(AUTOMATIC_ROLLBACK_ACTION)).length, 0);
  });

  test('should tell the remote’s token owners and the administrators, in the centre and by email', async () => {
    const db = await testDb();
    const publisher = await userId(PUBLISHER);
    const user = await userId(USER);
    await db.query(
      `INSERT INTO remote_release_tokens (remote, label, token_hash, created_by, revoked_at) VALUES
         ('content', 'CI', '\\x01', $1, NULL),
         ('content', 'old CI', '\\x02', $2, now()),
         ('contact', 'other remote', '\\x03', $2, NULL)`,
      [publisher, user],
    );
    const { rows: admins } = await db.query<{ id: number; email: string }>(
      `SELECT id, email FROM users WHERE 'administrator' = ANY (rights) ORDER BY id`,
    );
    assert.ok(admins.length > 0);
    await figures('1.1.0', 25, 5);
    assert.equal((await run()).length, 1);
    const { rows: told } = await db.query<{ user_id: number; kind: string; event: string; title: string; path: string }>(
      `SELECT user_id, kind, event, title, path FROM notifications WHERE event = 'remote.rolled_back' ORDER BY user_id`,
    );
    assert.deepEqual(
      told.map((row) => row.user_id),
      [...admins.map((admin) => admin.id), publisher].sort((a, b) => a - b),
    );
    for (const row of told) {
      assert.deepEqual(
        { ...row, user_id: 0 },
        { user_id: 0, kind: 'releases', event: 'remote.rolled_back', title: 'content 1.1.0', path: REMOTES_CONSOLE_PATH },
      );
    }

    await hub.app.mail.drain();
    const to = (mail: (typeof smtp.received)[number]) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);
    assert.deepEqual(
      smtp.received.map((mail) => [to(mail), mail.subject]).sort(),
      [...admins.map((admin) => admin.email), PUBLISHER].sort().map((email) => [email, SUBJECT]),
    );
    assert.match(smtp.received[0]!.text ?? '', /content 1\.1\.0/);
    assert.match(smtp.received[0]!.text ?? '', new RegExp(REMOTES_CONSOLE_PATH));

    // The email follows each one's choice for releases: an administrator who turned it off is told in the portal only.
    smtp.received = [];
    await db.query(`INSERT INTO notification_preferences (user_id, releases) VALUES ($1, 'off')`, [admins[0]!.id]);
    await db.query(`UPDATE remote_rollouts SET candidate_share = 5, updated_at = now() - interval '1 hour'`);
    await figures('1.1.0', 0, 5);
    assert.equal((await run()).length, 1);
    await hub.app.mail.drain();
    assert.deepEqual(smtp.received.map(to).sort(), [...admins.slice(1).map((admin) => admin.email), PUBLISHER].sort());
    const { rows: centre } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE event = 'remote.rolled_back' AND user_id = $1`,
      [admins[0]!.id],
    );
    assert.equal(centre[0]!.n, 2);
  });

  test('should stop a candidate once when two processes pass at the same time', async () => {
    const second = await build();
    await figures('1.1.0', 30, 30);
    const results = await Promise.all([hub.app.rollbackJob.run(), second.rollbackJob.run()]);
    assert.equal(results.flat().length, 1);
    assert.equal((await auditLines(AUTOMATIC_ROLLBACK_ACTION)).length, 1);
  });
});
