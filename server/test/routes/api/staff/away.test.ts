import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { auditLines, idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const CONSULTANT = 'consultant@demo.test';
const ADMIN = 'admin@demo.test';
const USER = 'user@northwind.test';
const DANA = 'dana@demo.test';
const userId = (email: string) => idOf('SELECT id FROM users WHERE email = $1', [email]);
/** The date `n` days from today (UTC): two days or more away, it is the same date in Paris. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** Midnight of a date in Paris, as an instant. */
const parisMidnight = (date: string) => {
  const guess = new Date(`${date}T00:00:00+01:00`);
  const summer = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', timeZoneName: 'short' }).format(guess).includes('+2');
  return new Date(`${date}T00:00:00${summer ? '+02:00' : '+01:00'}`).toISOString();
};

describe(`staff away and stand-ins (${DB_KIND})`, () => {
  const hub = signedInApp();
  /** A second consultant, Dana, to stand in. */
  async function addDana() {
    await (
      await testDb()
    ).query(
      `INSERT INTO users (email, first_name, last_name, rights, contact_enable) VALUES ($1, 'Dana', 'Deputy', '{contributor}', true)`,
      [DANA],
    );
    return userId(DANA);
  }
  const away = (who: string, body: object) => hub.call(who, 'PUT', '/api/staff/me/away', { payload: body });

  test('should set an away with a stand-in, shown to both', async () => {
    const dana = await addDana();
    const set = await away(CONSULTANT, { from: day(2), to: day(5), stand_in_id: dana });
    assert.equal(set.statusCode, 200, set.body);
    const expected = {
      from: day(2),
      to: day(5),
      stand_in: { id: dana, first_name: 'Dana', last_name: 'Deputy' },
      starts_at: parisMidnight(day(2)),
      ends_at: parisMidnight(day(6)),
    };
    assert.deepEqual(set.json(), expected);
    assert.deepEqual((await hub.call(CONSULTANT, 'GET', '/api/staff/me/away')).json(), { away: expected, standing_in_for: [] });
    const colin = await userId(CONSULTANT);
    const { stand_in: _, ...dates } = expected;
    assert.deepEqual((await hub.call(DANA, 'GET', '/api/staff/me/away')).json(), {
      away: null,
      standing_in_for: [{ ...dates, consultant: { id: colin, first_name: 'Colin', last_name: 'Consultant' } }],
    });
    const lines = await auditLines('staff.away');
    assert.equal(lines[0]?.item_id, colin);
    assert.deepEqual(lines[0]?.details, { from: day(2), to: day(5), stand_in_id: dana });

    // A new away replaces the one not begun.
    assert.equal((await away(CONSULTANT, { from: day(3), to: day(4), stand_in_id: dana })).statusCode, 200);
    assert.equal((await hub.call(CONSULTANT, 'GET', '/api/staff/me/away')).json().away.from, day(3));
  });

  test('should refuse a stand-in away over the same dates, and going away while standing in (409)', async () => {
    const dana = await addDana();
    const colin = await userId(CONSULTANT);
    assert.equal((await away(CONSULTANT, { from: day(2), to: day(5), stand_in_id: dana })).statusCode, 200);
    // Alice would have Colin stand in while he is away.
    const taken = await away(ADMIN, { from: day(5), to: day(9), stand_in_id: colin });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().message, 'stand_in_id: Colin Consultant is away over these dates');
    // Dana stands in for Colin: she cannot be away then.
    const standing = await away(DANA, { from: day(4), to: day(8), stand_in_id: await userId(ADMIN) });
    assert.equal(standing.statusCode, 409);
    assert.equal(standing.json().message, 'from: you stand in for Colin Consultant over these dates');
    // Other dates are free.
    assert.equal((await away(ADMIN, { from: day(6), to: day(9), stand_in_id: colin })).statusCode, 200);
    assert.equal((await away(DANA, { from: day(7), to: day(8), stand_in_id: colin })).statusCode, 200);
  });

  test('should refuse wrong dates and stand-ins, and anyone but staff', async () => {
    const dana = await addDana();
    const inverted = await away(CONSULTANT, { from: day(5), to: day(2), stand_in_id: dana });
    assert.equal(inverted.statusCode, 400);
    assert.equal(inverted.json().message, 'to: the away ends before it starts');
    assert.equal(
      (await away(CONSULTANT, { from: day(-9), to: day(-3), stand_in_id: dana })).json().message,
      'to: the away is already over',
    );
    const self = await away(CONSULTANT, { from: day(2), to: day(3), stand_in_id: await userId(CONSULTANT) });
    assert.equal(self.json().message, 'stand_in_id: nobody stands in for themselves');
    const customer = await away(CONSULTANT, { from: day(2), to: day(3), stand_in_id: await userId(USER) });
    assert.equal(customer.statusCode, 400);
    assert.equal(customer.json().message, 'stand_in_id: the stand-in must be a consultant or an administrator');
    assert.equal((await away(CONSULTANT, { from: 'soon', to: day(3), stand_in_id: dana })).statusCode, 400);
    assert.equal((await away(USER, { from: day(2), to: day(3), stand_in_id: dana })).statusCode, 403);
    const shown = await hub.call(ADMIN, 'PUT', '/api/staff/me/away', {
      headers: { 'Display-As-User-Id': String(await userId(CONSULTANT)) },
      payload: { from: day(2), to: day(3), stand_in_id: dana },
    });
    assert.equal(shown.statusCode, 403);
    assert.equal((await hub.call(CONSULTANT, 'GET', '/api/staff/me/away')).json().away, null);
  });

  test('should end an away now, or drop one not begun', async () => {
    const dana = await addDana();
    assert.equal((await away(CONSULTANT, { from: day(2), to: day(3), stand_in_id: dana })).statusCode, 200);
    assert.equal((await hub.call(CONSULTANT, 'DELETE', '/api/staff/me/away')).statusCode, 204);
    assert.equal((await hub.call(CONSULTANT, 'DELETE', '/api/staff/me/away')).statusCode, 404);
    const db = await testDb();
    assert.equal((await db.query('SELECT 1 FROM staff_away')).rows.length, 0, 'not begun: dropped');

    assert.equal((await away(CONSULTANT, { from: day(-2), to: day(3), stand_in_id: dana })).statusCode, 200);
    assert.equal((await hub.call(DANA, 'GET', '/api/staff/me/away')).json().standing_in_for.length, 1);
    assert.equal((await hub.call(CONSULTANT, 'DELETE', '/api/staff/me/away')).statusCode, 204);
    const { rows } = await db.query<{ ended: boolean }>('SELECT ends_at <= now() AS ended FROM staff_away');
    assert.deepEqual(rows, [{ ended: true }], 'begun: kept, ended now');
    assert.equal((await hub.call(CONSULTANT, 'GET', '/api/staff/me/away')).json().away, null);
    assert.deepEqual((await hub.call(DANA, 'GET', '/api/staff/me/away')).json().standing_in_for, []);
    assert.equal((await auditLines('staff.back')).length, 2);
  });
});
