import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HEADERS } from '@hub/shared/api';
import type { Session } from '../../../../src/lib/auth/session';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const CONTOSO = 'user@contoso.test';
const ADMIN = 'admin@demo.test';

const adviceId = (title: string) => idOf('SELECT id FROM advices WHERE title = $1', [title]);
const northwindPeople = async () =>
  (
    await (
      await testDb()
    ).query<{ id: number; email: string }>(
      "SELECT u.id, u.email FROM users u JOIN entities e ON e.id = u.entity_id WHERE e.name = 'Northwind Traders' ORDER BY u.last_name, u.first_name, u.id",
    )
  ).rows;

interface Reach {
  totals: { recipients: number; viewed: number; acknowledged: number };
  companies: { entity_id: number | null; entity_name: string | null; recipients: number; viewed: number; acknowledged: number }[];
  people: {
    items: { email: string; view_days: number; last_viewed_on: string | null; acknowledged_at: string | null }[];
    total: number;
  };
}

describe(`Advice views and reach (${DB_KIND})`, () => {
  const hub = signedInApp();
  const { call } = hub;
  const reach = async (email: string, id: number, query = '') => {
    const response = await call(email, 'GET', `/api/admin/advices/${id}/reach${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as Reach;
  };

  test('should count one view per person per day, written in batches, and not those of display-as', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    for (let i = 0; i < 3; i++) assert.equal((await call(USER, 'GET', `/api/advices/${id}`)).statusCode, 200);
    await call(CONTRIBUTOR, 'GET', `/api/advices/${id}`);
    await call(ADMIN, 'GET', `/api/advices/${id}`, { headers: { [HEADERS.displayAsUserId]: String(await userId(CONTOSO)) } });
    await call(ADMIN, 'GET', `/api/advices/${id}`, { headers: { [HEADERS.displayAsUserId]: String(await userId(USER)) } });
    const db = await testDb();
    // Nothing is written per page view: only the flush writes.
    assert.equal((await db.query('SELECT 1 FROM advice_viewers WHERE advice_id = $1', [id])).rows.length, 0);
    await hub.app.adviceViews.flush();
    let counted = await reach(CONTRIBUTOR, id);
    assert.equal(counted.totals.viewed, 2);
    const user = counted.people.items.find((person) => person.email === USER)!;
    assert.equal(user.view_days, 1);
    // The next day counts once more for the same person, and that day again changes nothing.
    const person = { user: { id: await userId(USER) }, displayAs: false } as Session;
    const tomorrow = new Date(Date.now() + 86_400_000);
    hub.app.adviceViews.record(id, person, tomorrow);
    await hub.app.adviceViews.flush();
    hub.app.adviceViews.record(id, person, tomorrow);
    await hub.app.adviceViews.flush();
    counted = await reach(CONTRIBUTOR, id);
    assert.equal(counted.totals.viewed, 2);
    assert.equal(counted.people.items.find((row) => row.email === USER)!.view_days, 2);
  });

  test('should give the totals by company from the kept counts, and page the people in name order', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    const people = await northwindPeople();
    await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/must-read`, { payload: { must_read: true } });
    assert.equal((await call(USER, 'PUT', `/api/advices/${id}/acknowledge`)).statusCode, 200);
    await call(USER, 'GET', `/api/advices/${id}`);
    await hub.app.adviceViews.flush();
    const first = await reach(ADMIN, id, '?page=1&page_size=2');
    assert.deepEqual(first.totals, { recipients: people.length, viewed: 1, acknowledged: 1 });
    assert.deepEqual(first.companies, [
      { entity_id: first.companies[0]!.entity_id, entity_name: 'Northwind Traders', recipients: people.length, viewed: 1, acknowledged: 1 },
    ]);
    assert.equal(first.people.total, people.length);
    assert.deepEqual(
      first.people.items.map((person) => person.email),
      people.slice(0, 2).map((person) => person.email),
    );
    const all = await reach(ADMIN, id, `?page_size=100`);
    const user = all.people.items.find((person) => person.email === USER)!;
    assert.ok(user.acknowledged_at && user.last_viewed_on);
    assert.ok(all.people.items.filter((person) => person.email !== USER).every((person) => person.acknowledged_at === null));

    // A newcomer of the company is a recipient at once; one who leaves is not.
    const db = await testDb();
    const northwind = await idOf("SELECT id FROM entities WHERE name = 'Northwind Traders'");
    await db.query("INSERT INTO users (email, first_name, last_name, entity_id) VALUES ('new@northwind.test', 'New', 'Comer', $1)", [
      northwind,
    ]);
    assert.equal((await reach(ADMIN, id)).totals.recipients, people.length + 1);
    await db.query("UPDATE users SET entity_id = NULL WHERE email = 'new@northwind.test'");
    await db.query("UPDATE users SET first_name = 'Renamed' WHERE email = $1", [CONTRIBUTOR]);
    assert.equal((await reach(ADMIN, id)).totals.recipients, people.length);
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE entity_id = $1', [northwind]);
    assert.equal(rows[0]!.count, people.length);
  });

  test("should count a personal advice's named recipients only", async () => {
    const id = await adviceId('Your personal KPI review');
    const got = await reach(CONTRIBUTOR, id);
    assert.equal(got.totals.recipients, 1);
    assert.deepEqual(
      got.people.items.map((person) => person.email),
      [USER],
    );
  });

  test("should show the reach to who manages the advice only: another company's is 404, a user's call 403", async () => {
    const contoso = await adviceId('Contoso: archive closed projects');
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${contoso}/reach`)).statusCode, 404);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${contoso}/reach.csv`)).statusCode, 404);
    assert.equal((await call(USER, 'GET', `/api/admin/advices/${contoso}/reach`)).statusCode, 403);
    assert.equal((await call(ADMIN, 'GET', `/api/admin/advices/${contoso}/reach`)).statusCode, 200);
    const bad = await call(ADMIN, 'GET', `/api/admin/advices/${contoso}/reach?page_size=101`);
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /page_size/);
  });

  test('should give every recipient in the CSV, with a header and their reading', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/must-read`, { payload: { must_read: true } });
    await call(USER, 'PUT', `/api/advices/${id}/acknowledge`);
    const response = await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${id}/reach.csv`);
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    const lines = response.body.trimEnd().split('\n');
    assert.equal(lines[0], 'last_name,first_name,email,company,first_viewed_at,last_viewed_on,view_days,acknowledged_at');
    const people = await northwindPeople();
    assert.equal(lines.length, people.length + 1);
    const user = lines.find((line) => line.includes(`,${USER},`))!;
    assert.match(user, /,Northwind Traders,,,0,\d{4}-\d{2}-\d{2}T/);
  });
});
