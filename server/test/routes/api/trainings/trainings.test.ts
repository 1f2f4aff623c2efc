import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { audited, count } from '../../../test-support/content-caller';
import { startOfTomorrow } from '../../../../src/plugins/app/trainings/trainings-repository';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const DAY = 24 * 60 * 60 * 1000;

interface TrainingAnswer {
  id: number;
  intitule: string;
  date_debut: string;
  date_fin: string | null;
  duree_heures: number | null;
  kind: string;
}

describe(`trainings (${DB_KIND})`, () => {
  const { call } = signedInApp();

  test('should answer at most 3 upcoming trainings, ascending, starting after the start of tomorrow', async () => {
    const db = await testDb();
    const tomorrow = startOfTomorrow(new Date());
    // One later today, one exactly at the start of tomorrow, one just before it.
    await db.query(
      `INSERT INTO trainings (intitule, date_debut, kind) VALUES ('Later today', $1, 'event'), ('At midnight', $2, 'webinar'), ('Just before', $3, 'training')`,
      [new Date(tomorrow.getTime() - 60_000 * 30), tomorrow, new Date(tomorrow.getTime() - 1)],
    );
    assert.ok((await count('SELECT count(*)::int AS count FROM trainings WHERE date_debut >= $1', [tomorrow])) >= 4);
    const answer = await call(USER, 'GET', '/api/trainings/upcoming');
    assert.equal(answer.statusCode, 200, answer.body);
    const items = answer.json().items as TrainingAnswer[];
    assert.equal(items.length, 3);
    assert.deepEqual(
      items.map((t) => t.intitule),
      ['At midnight', 'Power BI basics', 'What is new in the report server'],
    );
    assert.ok(items.every((t, i) => i === 0 || Date.parse(items[i - 1]!.date_debut) <= Date.parse(t.date_debut)));
    assert.equal(items[1]!.duree_heures, 7);
    assert.equal(items[1]!.kind, 'training');
  });

  test('should list the trainings page from the recent past on, ascending, by kind on demand', async () => {
    const db = await testDb();
    await db.query(`INSERT INTO trainings (intitule, date_debut, kind) VALUES ('Last week', $1, 'webinar'), ('Last year', $2, 'webinar')`, [
      new Date(Date.now() - 7 * DAY),
      new Date(Date.now() - 365 * DAY),
    ]);
    const all = (await call(USER, 'GET', '/api/trainings')).json();
    const names = all.items.map((t: TrainingAnswer) => t.intitule);
    assert.equal(names[0], 'Last week');
    assert.ok(!names.includes('Last year'));
    assert.equal(all.total, 7);
    const webinars = (await call(USER, 'GET', '/api/trainings?kind=webinar')).json().items as TrainingAnswer[];
    assert.deepEqual(
      webinars.map((t) => t.intitule),
      ['Last week', 'What is new in the report server', 'Row-level security in practice'],
    );
    assert.equal((await call(USER, 'GET', '/api/trainings?kind=party')).statusCode, 400);
  });

  test('should let a contributor create, update and delete trainings, each audited', async () => {
    const created = await call(CONTRIBUTOR, 'POST', '/api/admin/trainings', {
      payload: {
        intitule: 'Dataflows',
        date_debut: '2031-03-01T09:00:00.000Z',
        date_fin: '2031-03-01T12:30:00.000Z',
        duree_heures: 3.5,
        slug: 'dataflows',
        kind: 'webinar',
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const training = created.json() as TrainingAnswer;
    assert.deepEqual(
      { ...training, id: 0 },
      {
        id: 0,
        intitule: 'Dataflows',
        date_debut: '2031-03-01T09:00:00.000Z',
        date_fin: '2031-03-01T12:30:00.000Z',
        duree_heures: 3.5,
        slug: 'dataflows',
        kind: 'webinar',
      },
    );
    const updated = await call(CONTRIBUTOR, 'PUT', `/api/admin/trainings/${training.id}`, {
      payload: { intitule: 'Dataflows in practice' },
    });
    assert.equal(updated.json().intitule, 'Dataflows in practice');
    assert.equal(updated.json().duree_heures, 3.5);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/trainings/${training.id}`)).json().intitule, 'Dataflows in practice');
    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/trainings/${training.id}`)).statusCode, 204);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/trainings/${training.id}`)).statusCode, 404);
    for (const action of ['create', 'update', 'delete']) assert.equal((await audited(`training.${action}`, training.id)).length, 1, action);
    assert.equal(
      (await call(USER, 'POST', '/api/admin/trainings', { payload: { intitule: 'x', date_debut: '2031-01-01T00:00:00Z' } })).statusCode,
      403,
    );
  });

  test('should refuse missing fields, an end before the start and a slug already used', async () => {
    const post = (payload: object) => call(CONTRIBUTOR, 'POST', '/api/admin/trainings', { payload });
    assert.equal((await post({ date_debut: '2031-01-01T00:00:00Z' })).json().message, 'intitule: This field is required');
    assert.equal((await post({ intitule: 'x' })).json().message, 'date_debut: This field is required');
    assert.equal((await post({ intitule: 'x', date_debut: 'soon' })).statusCode, 400);
    const backwards = await post({ intitule: 'x', date_debut: '2031-01-02T00:00:00Z', date_fin: '2031-01-01T00:00:00Z' });
    assert.deepEqual(backwards.json(), { statusCode: 400, error: 'Bad Request', message: 'date_fin: must not be before date_debut' });
    const taken = await post({ intitule: 'x', date_debut: '2031-01-01T00:00:00Z', slug: 'power-bi-basics' });
    assert.equal(taken.statusCode, 409);
    assert.equal(await count(`SELECT count(*)::int AS count FROM trainings WHERE intitule = 'x'`), 0);
  });

  test('should search the admin list by title, case-insensitively', async () => {
    const found = await call(CONTRIBUTOR, 'GET', '/api/admin/trainings?search=dax');
    assert.deepEqual(
      found.json().items.map((training: { intitule: string }) => training.intitule),
      ['Advanced DAX'],
    );
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/trainings?search=dax&kind=webinar')).json().total, 0);
  });
});
