import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../test-support/helper';
import { auditLines, idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const CONSULTANT = 'consultant@demo.test';
const ADMIN = 'admin@demo.test';
const USER = 'user@northwind.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const weekdays = (from: string, to: string) => [1, 2, 3, 4, 5].map((day) => ({ day, from, to }));
const userId = (email: string) => idOf('SELECT id FROM users WHERE email = $1', [email]);

describe(`staff business hours (${DB_KIND})`, () => {
  const hub = signedInApp();

  test("should answer the administrator's default until the consultant sets their own", async () => {
    const before = await hub.call(CONSULTANT, 'GET', '/api/staff/me/hours');
    assert.equal(before.statusCode, 200);
    assert.deepEqual(before.json(), {
      user_id: await userId(CONSULTANT),
      time_zone: 'Europe/Paris',
      holidays: 'FR',
      week: weekdays('08:00', '20:00'),
      days_off: [],
      is_default: true,
    });

    const body = {
      time_zone: 'Europe/London',
      holidays: 'GB-ENG',
      week: [
        { day: 2, from: '14:00', to: '17:30' },
        { day: 1, from: '09:00', to: '17:30' },
        { day: 2, from: '09:00', to: '12:30' },
      ],
      days_off: ['2026-12-24', '2026-12-23', '2026-12-24'],
    };
    const put = await hub.call(CONSULTANT, 'PUT', '/api/staff/me/hours', { payload: body });
    assert.equal(put.statusCode, 200, put.body);
    const expected = {
      user_id: await userId(CONSULTANT),
      time_zone: 'Europe/London',
      holidays: 'GB-ENG',
      week: [
        { day: 1, from: '09:00', to: '17:30' },
        { day: 2, from: '09:00', to: '12:30' },
        { day: 2, from: '14:00', to: '17:30' },
      ],
      days_off: ['2026-12-23', '2026-12-24'],
      is_default: false,
    };
    assert.deepEqual(put.json(), expected);
    assert.deepEqual((await hub.call(CONSULTANT, 'GET', '/api/staff/me/hours')).json(), expected);

    // The calendar the promise is counted in: their days off and England's bank holidays.
    const calendar = await hub.app.businessHoursRepository.calendar(await userId(CONSULTANT));
    assert.equal(calendar.timeZone, 'Europe/London');
    const daysOff = calendar.daysOff as Set<string>;
    assert.ok(daysOff.has('2026-12-23') && daysOff.has('2026-12-28') && daysOff.has('2027-12-27'));
    assert.ok(!daysOff.has('2026-07-14'), "France's holidays are not England's");
  });

  test('should refuse overlapping or inverted ranges, naming the day', async () => {
    const put = (week: unknown, extra: object = {}) =>
      hub.call(CONSULTANT, 'PUT', '/api/staff/me/hours', {
        payload: { time_zone: 'Europe/Paris', holidays: 'FR', week, days_off: [], ...extra },
      });
    const overlap = await put([
      { day: 3, from: '09:00', to: '12:00' },
      { day: 3, from: '11:30', to: '18:00' },
    ]);
    assert.equal(overlap.statusCode, 400);
    assert.equal(overlap.json().message, 'week: Wednesday: the ranges 11:30–18:00 and 09:00–12:00 overlap.');
    const inverted = await put([{ day: 5, from: '18:00', to: '09:00' }]);
    assert.equal(inverted.statusCode, 400);
    assert.equal(inverted.json().message, 'week: Friday: the range 18:00–09:00 ends before it starts.');
    const badTime = await put([{ day: 1, from: '25:00', to: '26:00' }]);
    assert.equal(badTime.json().message, 'week: Monday: 25:00–26:00 is not a range of times (HH:MM, 00:00 to 24:00).');
    const zone = await put(weekdays('09:00', '17:00'), { time_zone: 'Europe/Atlantis' });
    assert.equal(zone.statusCode, 400);
    assert.equal(zone.json().message, "time_zone: 'Europe/Atlantis' is not a time zone (e.g. Europe/Paris)");
    const calendar = await put(weekdays('09:00', '17:00'), { holidays: 'DE' });
    assert.equal(calendar.statusCode, 400);
    assert.equal(calendar.json().message, "holidays: no public holidays are known for 'DE'");
    const day = await put([{ day: 0, from: '09:00', to: '17:00' }]);
    assert.equal(day.statusCode, 400);
    // Nothing was kept.
    assert.equal((await hub.call(CONSULTANT, 'GET', '/api/staff/me/hours')).json().is_default, true);
  });

  test('should keep business hours to consultants and administrators, and read only in display-as', async () => {
    assert.equal((await hub.call(USER, 'GET', '/api/staff/me/hours')).statusCode, 403);
    // A customer's own contributor is no consultant.
    assert.equal((await hub.call(CONTRIBUTOR, 'GET', '/api/staff/me/hours')).statusCode, 403);
    assert.equal((await hub.call(ADMIN, 'GET', '/api/staff/me/hours')).statusCode, 200);
    const consultant = await userId(CONSULTANT);
    const shown = await hub.call(ADMIN, 'GET', '/api/staff/me/hours', { headers: { 'Display-As-User-Id': String(consultant) } });
    assert.equal(shown.statusCode, 200);
    assert.equal(shown.json().user_id, consultant);
    const write = await hub.call(ADMIN, 'PUT', '/api/staff/me/hours', {
      headers: { 'Display-As-User-Id': String(consultant) },
      payload: { time_zone: 'Europe/Paris', holidays: null, week: [], days_off: [] },
    });
    assert.equal(write.statusCode, 403);
  });

  test("should let an administrator set a consultant's hours and the default, audited", async () => {
    const consultant = await userId(CONSULTANT);
    const body = { time_zone: 'America/New_York', holidays: null, week: weekdays('08:30', '16:30'), days_off: ['2026-11-26'] };
    const put = await hub.call(ADMIN, 'PUT', `/api/admin/staff/${consultant}/hours`, { payload: body });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual((await hub.call(CONSULTANT, 'GET', '/api/staff/me/hours')).json(), {
      user_id: consultant,
      ...body,
      is_default: false,
    });
    assert.equal((await auditLines('staff_hours.update'))[0]?.item_id, consultant);
    // Not a staff member: 404; not an administrator: 403.
    assert.equal((await hub.call(ADMIN, 'GET', `/api/admin/staff/${await userId(USER)}/hours`)).statusCode, 404);
    assert.equal((await hub.call(CONSULTANT, 'GET', `/api/admin/staff/${consultant}/hours`)).statusCode, 403);

    const defaults = { time_zone: 'Europe/Paris', holidays: 'FR', week: weekdays('09:00', '18:00') };
    const setDefault = await hub.call(ADMIN, 'PUT', '/api/admin/staff/default-hours', { payload: defaults });
    assert.equal(setDefault.statusCode, 200, setDefault.body);
    assert.deepEqual((await hub.call(ADMIN, 'GET', '/api/admin/staff/default-hours')).json(), defaults);
    // The administrator has set none of their own: the new default is theirs.
    assert.deepEqual((await hub.call(ADMIN, 'GET', '/api/staff/me/hours')).json().week, defaults.week);
    assert.equal((await auditLines('staff_hours.default')).length, 1);
    const bad = await hub.call(ADMIN, 'PUT', '/api/admin/staff/default-hours', {
      payload: { ...defaults, week: [{ day: 6, from: '10:00', to: '10:00' }] },
    });
    assert.equal(bad.json().message, 'week: Saturday: the range 10:00–10:00 ends before it starts.');
  });
});
