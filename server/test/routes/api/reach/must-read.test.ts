import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HEADERS } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const CONTOSO = 'user@contoso.test';
const ADMIN = 'admin@demo.test';

const adviceId = (title: string) => idOf('SELECT id FROM advices WHERE title = $1', [title]);
/** A day from today in the portal's time zone, as YYYY-MM-DD. */
async function dayFromToday(days: number): Promise<string> {
  const { rows } = await (
    await testDb()
  ).query<{ day: string }>(`SELECT to_char((now() AT TIME ZONE 'Europe/Paris')::date + $1::int, 'YYYY-MM-DD') AS day`, [days]);
  return rows[0]!.day;
}

describe(`Must-read advices (${DB_KIND})`, () => {
  const hub = signedInApp();
  const { call } = hub;

  const titles = async (email: string) =>
    ((await call(email, 'GET', '/api/advices')).json() as { items: { title: string }[] }).items.map((advice) => advice.title);
  const mark = (email: string, id: number, payload: unknown) => call(email, 'PUT', `/api/admin/advices/${id}/must-read`, { payload });

  test('should put an unacknowledged must-read first, then back in its place once acknowledged', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    const before = await titles(USER);
    assert.notEqual(before[0], 'Clean up duplicate customer records');

    const marked = await mark(CONTRIBUTOR, id, { must_read: true });
    assert.equal(marked.statusCode, 200, marked.body);
    assert.equal(marked.json().must_read, true);
    assert.equal(marked.json().must_read_by, null);
    assert.equal((await titles(USER))[0], 'Clean up duplicate customer records');

    const detail = (await call(USER, 'GET', `/api/advices/${id}`)).json();
    assert.equal(detail.must_read, true);
    assert.equal(detail.acknowledged_at, null);

    const acknowledged = await call(USER, 'PUT', `/api/advices/${id}/acknowledge`);
    assert.equal(acknowledged.statusCode, 200, acknowledged.body);
    const first = acknowledged.json().acknowledged_at as string;
    assert.ok(!Number.isNaN(Date.parse(first)));
    // Again: the first time is kept.
    assert.equal((await call(USER, 'PUT', `/api/advices/${id}/acknowledge`)).json().acknowledged_at, first);
    assert.equal((await call(USER, 'GET', `/api/advices/${id}`)).json().acknowledged_at, first);
    assert.deepEqual(await titles(USER), before);
    // Someone else who receives it still has it first.
    assert.equal((await titles(CONTRIBUTOR))[0], 'Clean up duplicate customer records');
  });

  test('should refuse an acknowledgement from who does not receive it, of a plain advice, and during display-as', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    const personal = await adviceId('Your personal KPI review');
    await mark(CONTRIBUTOR, id, { must_read: true });
    await mark(ADMIN, personal, { must_read: true });
    assert.equal((await call(CONTOSO, 'PUT', `/api/advices/${id}/acknowledge`)).statusCode, 404);
    // Addressed to the Northwind user alone: the contributor of the same company does not receive it.
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/advices/${personal}/acknowledge`)).statusCode, 404);
    assert.equal((await call(USER, 'PUT', `/api/advices/${personal}/acknowledge`)).statusCode, 200);
    const draft = await adviceId('Draft: access rights policy');
    await mark(CONTRIBUTOR, draft, { must_read: true });
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/advices/${draft}/acknowledge`)).statusCode, 404);
    const plain = await call(USER, 'PUT', `/api/advices/${await adviceId('Speed up your monthly sales report')}/acknowledge`);
    assert.equal(plain.statusCode, 409);
    assert.equal(plain.json().message, 'This advice is not a must-read');
    const displaying = await call(ADMIN, 'PUT', `/api/advices/${id}/acknowledge`, {
      headers: { [HEADERS.displayAsUserId]: String(await userId(USER)) },
    });
    assert.equal(displaying.statusCode, 403);
    const { rows } = await (await testDb()).query('SELECT 1 FROM advice_acknowledgements WHERE advice_id = $1', [id]);
    assert.equal(rows.length, 0);
  });

  test('should let only who manages the advice mark it, refuse a past date, and unmark it', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    const contoso = await adviceId('Contoso: archive closed projects');
    assert.equal((await mark(CONTRIBUTOR, contoso, { must_read: true })).statusCode, 404);
    assert.equal((await mark(USER, id, { must_read: true })).statusCode, 403);
    const past = await mark(CONTRIBUTOR, id, { must_read: true, must_read_by: await dayFromToday(-1) });
    assert.equal(past.statusCode, 400);
    assert.equal(past.json().message, 'must_read_by: The date may not be before today');
    const bad = await mark(CONTRIBUTOR, id, { must_read: true, must_read_by: 'soon' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /must_read_by/);
    const by = await dayFromToday(5);
    const dated = await mark(ADMIN, id, { must_read: true, must_read_by: by });
    assert.equal(dated.statusCode, 200, dated.body);
    assert.equal(dated.json().must_read_by, by);
    const unmarked = await mark(CONTRIBUTOR, id, { must_read: false, must_read_by: by });
    assert.deepEqual([unmarked.json().must_read, unmarked.json().must_read_by], [false, null]);
    assert.equal((await call(USER, 'GET', `/api/advices/${id}`)).json().must_read, false);
  });

  test('should remind those who have not acknowledged, before the date and on the day, once each', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    const by = await dayFromToday(5);
    await mark(CONTRIBUTOR, id, { must_read: true, must_read_by: by });
    await call(USER, 'PUT', `/api/advices/${id}/acknowledge`);
    const db = await testDb();
    const northwind = (
      await db.query<{ id: number }>(
        "SELECT u.id FROM users u JOIN entities e ON e.id = u.entity_id WHERE e.name = 'Northwind Traders' AND u.email <> $1 ORDER BY u.id",
        [USER],
      )
    ).rows.map((row) => row.id);
    const reminded = async () =>
      (
        await db.query<{ user_id: number; path: string; kind: string }>(
          "SELECT user_id, path, kind FROM notifications WHERE event = 'advice.must_read' AND subject_id = $1 ORDER BY user_id",
          [id],
        )
      ).rows;
    const day = (offset: number) => new Date(Date.parse(`${by}T10:00:00Z`) + offset * 86_400_000);

    assert.equal(await hub.app.mustReadReminders.run(day(-4)), 0);
    assert.equal(await hub.app.mustReadReminders.run(day(-3)), northwind.length);
    const soon = await reminded();
    assert.deepEqual(
      soon.map((row) => row.user_id),
      northwind,
    );
    assert.ok(soon.every((row) => row.path === `/advices/details/${id}` && row.kind === 'content'));
    assert.equal(await hub.app.mustReadReminders.run(day(-1)), 0);
    // The contributor acknowledges: their reminder leaves the unread ones, and the day's skips them.
    await call(CONTRIBUTOR, 'PUT', `/api/advices/${id}/acknowledge`);
    const contributor = await userId(CONTRIBUTOR);
    const { rows: unread } = await db.query(
      "SELECT 1 FROM notifications WHERE user_id = $1 AND event = 'advice.must_read' AND read_at IS NULL",
      [contributor],
    );
    assert.equal(unread.length, 0);
    const [first, second] = await Promise.all([hub.app.mustReadReminders.run(day(0)), hub.app.mustReadReminders.run(day(0))]);
    assert.equal(first + second, northwind.length - 1);
    assert.equal(await hub.app.mustReadReminders.run(day(1)), 0);
  });
});
