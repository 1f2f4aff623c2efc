import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { replyBy } from '../../../../src/lib/business-hours/business-hours';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { entityId, idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const CONSULTANT = 'consultant@demo.test';
const ADMIN = 'admin@demo.test';
const USER = 'user@northwind.test';
const DANA = 'dana@demo.test';
const HOUR = 3_600_000;
const userId = (email: string) => idOf('SELECT id FROM users WHERE email = $1', [email]);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const allWeek = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ day: d, from: '00:00', to: '24:00' }));

describe(`the reply promise (${DB_KIND})`, () => {
  const hub = signedInApp();

  test("should promise a reply in the company's target, counted once when the customer writes, and stop when answered", async () => {
    const northwind = await entityId('Northwind Traders');
    const target = await hub.call(ADMIN, 'PUT', `/api/admin/entities/${northwind}`, { payload: { reply_target_hours: 2.5 } });
    assert.equal(target.statusCode, 200, target.body);
    assert.equal(target.json().reply_target_hours, 2.5);
    assert.equal(
      (await hub.call(ADMIN, 'PUT', `/api/admin/entities/${northwind}`, { payload: { reply_target_hours: 0 } })).statusCode,
      400,
    );
    // Hours round the clock: the promise is then exactly the target after the message.
    const hours = { time_zone: 'Europe/Paris', holidays: null, week: allWeek, days_off: [] };
    assert.equal((await hub.call(CONSULTANT, 'PUT', '/api/staff/me/hours', { payload: hours })).statusCode, 200);

    const nina = await userId(USER);
    const discussion = await idOf(`SELECT id FROM discussions WHERE customer_id = $1 AND status = 'open'`, [nina]);
    // The consultant's reply is the last message: the customer's turn.
    const before = await hub.call(USER, 'GET', `/api/discussions/${discussion}/messages`);
    assert.deepEqual(before.json().discussion.promise, {
      reply_by: null,
      target_hours: 2.5,
      waiting_on: 'customer',
      away_until: null,
      stand_in: null,
    });

    const sent = await hub.call(USER, 'POST', '/api/discussions', { payload: { discussion_id: discussion, message: 'A question' } });
    assert.equal(sent.statusCode, 201);
    const promise = sent.json().discussion.promise;
    const due = new Date(Date.parse(sent.json().message.created_at) + 2.5 * HOUR).toISOString();
    assert.deepEqual(promise, { reply_by: due, target_hours: 2.5, waiting_on: 'staff', away_until: null, stand_in: null });

    // A second message while waiting keeps the first promise; a new target does not move it either.
    await hub.call(ADMIN, 'PUT', `/api/admin/entities/${northwind}`, { payload: { reply_target_hours: 8 } });
    const again = await hub.call(USER, 'POST', '/api/discussions', { payload: { discussion_id: discussion, message: 'And another' } });
    assert.deepEqual(again.json().discussion.promise, promise);
    // The lists carry it, to both sides.
    const mine = (await hub.call(USER, 'GET', '/api/discussions')).json().items.find((d: { id: number }) => d.id === discussion);
    assert.deepEqual(mine.promise, promise);
    const colins = (await hub.call(CONSULTANT, 'GET', '/api/discussions')).json().items.find((d: { id: number }) => d.id === discussion);
    assert.deepEqual(colins.promise, promise);
    const { rows } = await (await testDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM discussions WHERE reply_by IS NOT NULL');
    assert.equal(rows[0]!.n, 1, 'stored on the discussion');

    // The consultant answers: the clock stops.
    const answer = await hub.call(CONSULTANT, 'POST', '/api/discussions', {
      payload: { discussion_id: discussion, message: 'Here you are' },
    });
    assert.deepEqual(answer.json().discussion.promise, {
      reply_by: null,
      target_hours: 8,
      waiting_on: 'customer',
      away_until: null,
      stand_in: null,
    });
  });

  test("should count in the stand-in's hours while the consultant is away, and promise nothing once closed", async () => {
    await (
      await testDb()
    ).query(
      `INSERT INTO users (email, first_name, last_name, rights, contact_enable) VALUES ($1, 'Dana', 'Deputy', '{contributor}', true)`,
      [DANA],
    );
    const dana = await userId(DANA);
    const danaHours = {
      time_zone: 'Europe/London',
      holidays: 'GB-ENG',
      week: [1, 2, 3, 4, 5].map((d) => ({ day: d, from: '09:00', to: '17:00' })),
      days_off: [day(1)],
    };
    assert.equal((await hub.call(DANA, 'PUT', '/api/staff/me/hours', { payload: danaHours })).statusCode, 200);
    assert.equal(
      (await hub.call(CONSULTANT, 'PUT', '/api/staff/me/away', { payload: { from: day(-1), to: day(3), stand_in_id: dana } })).statusCode,
      200,
    );
    const nina = await userId(USER);
    const discussion = await idOf(`SELECT id FROM discussions WHERE customer_id = $1 AND status = 'open'`, [nina]);
    const sent = await hub.call(USER, 'POST', '/api/discussions', { payload: { discussion_id: discussion, message: 'Anyone there?' } });
    const calendar = await hub.app.businessHoursRepository.calendar(dana);
    const expected = replyBy(new Date(sent.json().message.created_at), 4, calendar).toISOString();
    assert.deepEqual(sent.json().discussion.promise, {
      reply_by: expected,
      target_hours: 4,
      waiting_on: 'staff',
      away_until: day(3),
      stand_in: { id: dana, first_name: 'Dana', last_name: 'Deputy' },
    });
    // Her day off tomorrow is skipped: the promise is never within it.
    assert.notEqual(new Date(expected).toISOString().slice(0, 10), day(1));

    const closed = await hub.call(USER, 'POST', '/api/discussions', {
      payload: { discussion_id: discussion, message: 'Never mind', close: true },
    });
    assert.equal(closed.json().discussion.promise, null);
    const { rows } = await (
      await testDb()
    ).query<{ reply_by: string | null }>('SELECT reply_by FROM discussions WHERE id = $1', [discussion]);
    assert.equal(rows[0]!.reply_by, null);
  });
});
