import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { auditLines, idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const CONSULTANT = 'consultant@demo.test';
const USER = 'user@northwind.test';
const DANA = 'dana@demo.test';
const userId = (email: string) => idOf('SELECT id FROM users WHERE email = $1', [email]);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The notifications of one person about discussions, oldest first. */
async function discussionNotices(email: string) {
  const { rows } = await (
    await testDb()
  ).query<{ event: string; actor_id: number }>(
    `SELECT n.event, n.actor_id FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = $1 AND n.kind = 'discussions' ORDER BY n.id`,
    [email],
  );
  return rows;
}

describe(`a stand-in answers for a consultant away (${DB_KIND})`, () => {
  const hub = signedInApp();

  test("should let the stand-in read and answer the consultant's discussions while away, audited, and no longer after", async () => {
    await (
      await testDb()
    ).query(
      `INSERT INTO users (email, first_name, last_name, rights, contact_enable) VALUES ($1, 'Dana', 'Deputy', '{contributor}', true)`,
      [DANA],
    );
    const dana = await userId(DANA);
    const nina = await userId(USER);
    const colin = await userId(CONSULTANT);
    const discussion = await idOf(`SELECT id FROM discussions WHERE customer_id = $1 AND status = 'open'`, [nina]);
    const closed = await idOf(`SELECT id FROM discussions WHERE customer_id = $1 AND status = 'closed' ORDER BY id LIMIT 1`, [nina]);

    // Before the away, Dana sees none of it.
    assert.equal((await hub.call(DANA, 'GET', `/api/discussions/${discussion}/messages`)).statusCode, 404);
    assert.equal((await hub.call(DANA, 'GET', '/api/discussions/all')).json().total, 0);

    const away = await hub.call(CONSULTANT, 'PUT', '/api/staff/me/away', { payload: { from: day(-1), to: day(3), stand_in_id: dana } });
    assert.equal(away.statusCode, 200, away.body);

    // The whole history: the open discussion and the closed one, and every message of the thread.
    const all = await hub.call(DANA, 'GET', '/api/discussions/all');
    assert.deepEqual(
      all
        .json()
        .items.map((d: { id: number }) => d.id)
        .sort(),
      [discussion, closed].sort(),
    );
    const thread = await hub.call(DANA, 'GET', `/api/discussions/${discussion}/messages`);
    assert.equal(thread.statusCode, 200);
    const colinsThread = await hub.call(CONSULTANT, 'GET', `/api/discussions/${discussion}/messages`);
    assert.deepEqual(
      thread.json().messages.map((m: { id: number }) => m.id),
      colinsThread.json().messages.map((m: { id: number }) => m.id),
    );
    assert.equal((await hub.call(DANA, 'GET', `/api/discussions/${closed}/messages`)).statusCode, 200);
    const reads = await auditLines('discussion.read-as-stand-in');
    assert.equal(reads.length, 2);
    assert.deepEqual(reads.map((line) => line.item_id).sort(), [discussion, closed].sort());

    // The customer writes: the stand-in is told, not the consultant away.
    const before = (await discussionNotices(CONSULTANT)).length;
    assert.equal(
      (await hub.call(USER, 'POST', '/api/discussions', { payload: { discussion_id: discussion, message: 'Any news?' } })).statusCode,
      201,
    );
    assert.deepEqual(await discussionNotices(DANA), [{ event: 'discussion.customer_message', actor_id: nina }]);
    assert.equal((await discussionNotices(CONSULTANT)).length, before);

    // The stand-in answers under her own name, to the customer, audited as standing in.
    const reply = await hub.call(DANA, 'POST', '/api/discussions', {
      payload: { discussion_id: discussion, message: 'Dana here: on it.' },
    });
    assert.equal(reply.statusCode, 201, reply.body);
    assert.equal(reply.json().message.from_user.id, dana);
    assert.equal(reply.json().message.to_user.id, nina);
    const created = (await auditLines('message.create')).find((line) => line.item_id === reply.json().message.id);
    assert.equal(created?.details?.stand_in_for, colin);
    assert.deepEqual((await discussionNotices(USER)).at(-1), { event: 'discussion.reply', actor_id: dana });

    // Back: Colin is told again, and Dana sees nothing more.
    assert.equal((await hub.call(CONSULTANT, 'DELETE', '/api/staff/me/away')).statusCode, 204);
    assert.equal((await hub.call(DANA, 'GET', `/api/discussions/${discussion}/messages`)).statusCode, 404);
    assert.equal(
      (await hub.call(DANA, 'POST', '/api/discussions', { payload: { discussion_id: discussion, message: 'Still me' } })).statusCode,
      404,
    );
    assert.equal(
      (await hub.call(USER, 'POST', '/api/discussions', { payload: { discussion_id: discussion, message: 'Colin?' } })).statusCode,
      201,
    );
    assert.deepEqual((await discussionNotices(CONSULTANT)).at(-1), { event: 'discussion.customer_message', actor_id: nina });
    assert.equal((await discussionNotices(DANA)).length, 1);
  });
});
