import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../../test-support/helper';
import { auditLines } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const ADMIN = 'admin@demo.test';
const CONSULTANT = 'consultant@demo.test';

describe(`public holidays (${DB_KIND})`, () => {
  const hub = signedInApp();

  test("should hold France's and England's public holidays for 2026 to 2028", async () => {
    const list = await hub.call(ADMIN, 'GET', '/api/admin/holidays?calendar=GB-ENG&year=2027');
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().calendars, ['FR', 'GB-ENG']);
    assert.deepEqual(
      list.json().items.map((h: { day: string }) => h.day),
      ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28'],
    );
    const fr = (await hub.call(ADMIN, 'GET', '/api/admin/holidays?calendar=FR&year=2028')).json().items;
    assert.equal(fr.length, 11);
    assert.deepEqual(fr.find((h: { name: string }) => h.name === 'Ascension')?.day, '2028-05-25');
    assert.equal((await hub.call(ADMIN, 'GET', '/api/admin/holidays')).json().items.length, 3 * 11 + 3 * 8);
  });

  test('should let an administrator add, rename and remove a day, audited', async () => {
    const put = await hub.call(ADMIN, 'PUT', '/api/admin/holidays/FR/2029-01-01', { payload: { name: "Jour de l'an" } });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(put.json(), { calendar: 'FR', day: '2029-01-01', name: "Jour de l'an" });
    const renamed = await hub.call(ADMIN, 'PUT', '/api/admin/holidays/FR/2029-01-01', { payload: { name: 'Nouvel an' } });
    assert.equal(renamed.json().name, 'Nouvel an');
    assert.deepEqual((await hub.call(ADMIN, 'GET', '/api/admin/holidays?calendar=FR&year=2029')).json().items, [
      { calendar: 'FR', day: '2029-01-01', name: 'Nouvel an' },
    ]);
    // A new calendar is made by its first day.
    assert.equal(
      (await hub.call(ADMIN, 'PUT', '/api/admin/holidays/GB-SCT/2026-11-30', { payload: { name: "St Andrew's Day" } })).statusCode,
      200,
    );
    assert.ok((await hub.call(ADMIN, 'GET', '/api/admin/holidays')).json().calendars.includes('GB-SCT'));

    assert.equal((await hub.call(ADMIN, 'DELETE', '/api/admin/holidays/FR/2029-01-01')).statusCode, 204);
    assert.equal((await hub.call(ADMIN, 'DELETE', '/api/admin/holidays/FR/2029-01-01')).statusCode, 404);
    assert.equal((await auditLines('holiday.set')).length, 3);
    assert.equal((await auditLines('holiday.delete')).length, 1);
  });

  test('should refuse bad input and anyone but an administrator', async () => {
    assert.equal((await hub.call(ADMIN, 'PUT', '/api/admin/holidays/france/2029-01-01', { payload: { name: 'x' } })).statusCode, 400);
    assert.equal((await hub.call(ADMIN, 'PUT', '/api/admin/holidays/FR/2029-02-30', { payload: { name: 'x' } })).statusCode, 400);
    assert.equal((await hub.call(ADMIN, 'PUT', '/api/admin/holidays/FR/2029-01-01', { payload: { name: '' } })).statusCode, 400);
    assert.equal((await hub.call(CONSULTANT, 'GET', '/api/admin/holidays')).statusCode, 403);
    assert.equal((await hub.call(CONSULTANT, 'PUT', '/api/admin/holidays/FR/2029-01-01', { payload: { name: 'x' } })).statusCode, 403);
  });
});
