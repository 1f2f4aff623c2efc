import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../../test-support/helper';
import { idOf } from '../../test-support/caller';
import { filesCaller, filesForm } from '../../test-support/files-caller';
import { signedInApp } from '../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTOSO = 'user@contoso.test';
const CONSULTANT = 'consultant@demo.test';

const fileId = (name: string) => idOf('SELECT id FROM exchange_files WHERE name = $1', [name]);
const folderId = (name: string) => idOf('SELECT id FROM exchange_folders WHERE name = $1', [name]);

interface Sent {
  user_id: number;
  kind: string;
  event: string;
  subject_type: string;
  subject_id: number;
  title: string;
  path: string;
}
/** The reminders written so far, in a stable order. */
async function reminders(): Promise<Sent[]> {
  const { rows } = await (
    await testDb()
  ).query<Sent>(
    `SELECT user_id, kind, event, subject_type, subject_id::int AS subject_id, title, path FROM notifications
      WHERE event IN ('collectmaster.due_soon', 'collectmaster.due_today', 'collectmaster.overdue', 'training.starting')
      ORDER BY id`,
  );
  return rows;
}
async function usersOf(entitySlug: string | null): Promise<number[]> {
  const { rows } = await (
    await testDb()
  ).query<{ id: number }>(
    `SELECT u.id FROM users u LEFT JOIN entities e ON e.id = u.entity_id WHERE $1::text IS NULL OR e.slug = $1 ORDER BY u.id`,
    [entitySlug],
  );
  return rows.map((row) => row.id);
}
const recipients = (sent: Sent[]) => [...new Set(sent.map((row) => row.user_id))].sort((a, b) => a - b);
const at = (iso: string) => new Date(iso);

describe(`Collectmaster due dates and reminders (${DB_KIND})`, () => {
  const hub = signedInApp();
  const files = filesCaller(
    () => hub.app,
    () => hub.idp,
  );
  const run = (iso: string) => hub.app.reminders.run(at(iso));

  async function upload(email: string, folder: number, name: string) {
    const entity = await idOf(
      'SELECT c.entity_id AS id FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id WHERE d.id = $1',
      [folder],
    );
    const form = await filesForm([{ name, bytes: 'a;b\n1;2\n' }]);
    const response = await files.call(email, 'POST', `/api/v2/entity/${entity}/folders/${folder}/upload-files`, form);
    assert.equal(response.statusCode, 201, response.body);
  }

  test('should remind the company 3 days before, on the day and once overdue, each once, by the portal’s days', async () => {
    files.forget();
    const april = await fileId('sales-2026-04.csv');
    const set = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${april}/due`, { payload: { due_on: '2031-03-10' } });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().due_on, '2031-03-10');

    // The customer sees what is due and by when; another company sees nothing of it.
    const due = await files.call(USER, 'GET', '/api/v2/due-requests?n=10');
    assert.equal(due.statusCode, 200);
    assert.deepEqual(
      due.json().items.map((item: { type: string; id: number; due_on: string }) => [item.type, item.id, item.due_on]),
      [['file', april, '2031-03-10']],
    );
    assert.deepEqual((await files.call(CONTOSO, 'GET', '/api/v2/due-requests')).json().items, []);

    // Four days before (Paris): nothing yet.
    assert.deepEqual(await run('2031-03-06T12:00:00Z'), { collectmaster: 0, trainings: 0 });
    assert.equal((await reminders()).length, 0);

    // Three days before: "due soon", to each of Northwind's users, pointing at the folder.
    await run('2031-03-07T08:00:00Z');
    const northwind = await usersOf('northwind-traders');
    const soon = await reminders();
    assert.deepEqual(recipients(soon), northwind);
    assert.equal(soon.length, northwind.length);
    const folder = await idOf('SELECT folder_id AS id FROM exchange_files WHERE id = $1', [april]);
    const collection = await idOf('SELECT collection_id AS id FROM exchange_folders WHERE id = $1', [folder]);
    for (const row of soon) {
      assert.deepEqual(
        { ...row, user_id: 0 },
        {
          user_id: 0,
          kind: 'collectmaster',
          event: 'collectmaster.due_soon',
          subject_type: 'exchange_file',
          subject_id: april,
          title: 'sales-2026-04.csv',
          path: `/collectmaster/northwind-traders/${collection}/${folder}`,
        },
      );
    }

    // Later passes the same days send nothing again: 23:30 in Paris on the 9th is not yet the day.
    await run('2031-03-07T08:01:00Z');
    await run('2031-03-09T22:30:00Z');
    assert.equal((await reminders()).length, northwind.length);

    // 00:30 in Paris on the 10th: the day.
    await run('2031-03-09T23:30:00Z');
    await run('2031-03-10T15:00:00Z');
    const today = (await reminders()).filter((row) => row.event === 'collectmaster.due_today');
    assert.deepEqual(recipients(today), northwind);
    assert.equal(today.length, northwind.length);

    // Overdue the day after: two processes passing at once send it once between them.
    const [first, second] = await Promise.all([run('2031-03-11T07:00:00Z'), run('2031-03-11T07:00:00Z')]);
    assert.equal(first.collectmaster + second.collectmaster, northwind.length);
    await run('2031-03-20T07:00:00Z');
    const all = await reminders();
    assert.equal(all.filter((row) => row.event === 'collectmaster.overdue').length, northwind.length);
    assert.equal(all.length, 3 * northwind.length);
    // Nobody of another company was told.
    const contoso = new Set(await usersOf('contoso'));
    assert.ok(all.every((row) => !contoso.has(row.user_id)));
  });

  test('should stop reminding once the file arrives, and a folder once its files did', async () => {
    files.forget();
    const budget = await fileId('budget-2027.xlsx');
    const reference = await folderId('Reference data');
    assert.equal(
      (await files.call(CONSULTANT, 'PUT', `/api/v2/file/${budget}/due`, { payload: { due_on: '2031-03-10' } })).statusCode,
      200,
    );
    const folder = await files.call(CONSULTANT, 'PUT', `/api/v2/folder/${reference}/due`, { payload: { due_on: '2031-03-10' } });
    assert.equal(folder.statusCode, 200, folder.body);
    assert.deepEqual([folder.json().due_on, folder.json().due_open], ['2031-03-10', true]);

    await run('2031-03-07T08:00:00Z');
    const subjects = (sent: Sent[], event: string) =>
      [...new Set(sent.filter((row) => row.event === event).map((row) => `${row.subject_type}:${row.subject_id}`))].sort();
    assert.deepEqual(subjects(await reminders(), 'collectmaster.due_soon'), [`exchange_file:${budget}`, `exchange_folder:${reference}`]);

    // The expected file arrives: no more reminders for it, and it leaves the list.
    await upload(USER, await folderId('Inputs'), 'budget-2027.xlsx');
    await run('2031-03-10T08:00:00Z');
    assert.deepEqual(subjects(await reminders(), 'collectmaster.due_today'), [`exchange_folder:${reference}`]);
    const listed = await files.call(USER, 'GET', '/api/v2/due-requests');
    assert.deepEqual(
      listed.json().items.map((item: { type: string; id: number }) => `${item.type}:${item.id}`),
      [`folder:${reference}`],
    );

    // The folder's missing file arrives: the request is met, no overdue reminder.
    await upload(USER, reference, 'products.csv');
    const after = await files.call(USER, 'GET', `/api/v2/folder/${reference}`);
    assert.equal(after.json().due_open, false);
    await run('2031-03-11T08:00:00Z');
    assert.deepEqual(subjects(await reminders(), 'collectmaster.overdue'), []);
    assert.deepEqual((await files.call(USER, 'GET', '/api/v2/due-requests')).json().items, []);
  });

  test('should let only the staff set a date, on a missing file, and send nothing once it is withdrawn', async () => {
    files.forget();
    const monthly = await folderId('Monthly sales');
    // An expected file requested by a date in one call.
    const created = await files.call(CONSULTANT, 'POST', `/api/v2/folder/${monthly}/files`, {
      payload: { name: 'sales-2026-05.csv', due_on: '2031-03-10' },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().due_on, '2031-03-10');
    const may = created.json().id as number;

    assert.equal((await files.call(USER, 'PUT', `/api/v2/file/${may}/due`, { payload: { due_on: '2031-04-01' } })).statusCode, 403);
    assert.equal(
      (await files.call(CONTOSO, 'PUT', `/api/v2/folder/${monthly}/due`, { payload: { due_on: '2031-04-01' } })).statusCode,
      403,
    );
    assert.equal((await files.call(CONSULTANT, 'PUT', `/api/v2/file/${may}/due`, { payload: { due_on: '10/03/2031' } })).statusCode, 400);
    // A file already uploaded is not requested.
    const march = await fileId('sales-2026-03.csv');
    assert.equal((await files.call(CONSULTANT, 'PUT', `/api/v2/file/${march}/due`, { payload: { due_on: '2031-04-01' } })).statusCode, 409);

    const withdrawn = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${may}/due`, { payload: { due_on: null } });
    assert.equal(withdrawn.statusCode, 200);
    assert.equal(withdrawn.json().due_on, null);
    await run('2031-03-12T08:00:00Z');
    assert.deepEqual(await reminders(), []);
  });

  test('should remind everyone of a training 24 hours before it starts, once', async () => {
    const db = await testDb();
    const training = await idOf(
      `INSERT INTO trainings (intitule, date_debut, kind) VALUES ('Reminder webinar', '2031-05-01T08:00:00Z', 'webinar') RETURNING id`,
    );
    await run('2031-04-30T07:59:00Z');
    assert.deepEqual(await reminders(), []);
    await run('2031-04-30T08:00:00Z');
    await run('2031-04-30T20:00:00Z');
    const sent = await reminders();
    assert.deepEqual(recipients(sent), await usersOf(null));
    assert.equal(sent.length, (await usersOf(null)).length);
    assert.ok(sent.every((row) => row.event === 'training.starting' && row.kind === 'trainings' && row.subject_id === training));
    assert.ok(sent.every((row) => row.title === 'Reminder webinar' && row.path === '/trainings'));
    // Moved a week later, it is reminded again for its new start.
    await db.query(`UPDATE trainings SET date_debut = '2031-05-08T08:00:00Z' WHERE id = $1`, [training]);
    await run('2031-05-07T09:00:00Z');
    assert.equal((await reminders()).length, 2 * sent.length);
  });
});
