import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { DATA_PROTECTION_MESSAGES } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { readZip } from '../../../test-support/read-zip';
import { signedInApp } from '../../../test-support/signed-in-app';

const NINA = 'user@northwind.test';
const ADMIN = 'admin@demo.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const CONTOSO = 'user@contoso.test';

describe(`data exports (${DB_KIND})`, () => {
  const hub = signedInApp();
  const { call } = hub;

  /** A message of `email` in their discussion, and a file they uploaded to their company's first folder. */
  async function theirMessageAndFile(email: string, text: string, bytes: Buffer): Promise<{ fileId: number; key: string }> {
    const db = await testDb();
    const id = await userId(email);
    const { rows: discussion } = await db.query<{ id: number }>('INSERT INTO discussions (customer_id) VALUES ($1) RETURNING id', [id]);
    await db.query('INSERT INTO messages (discussion_id, from_user_id, message) VALUES ($1, $2, $3)', [discussion[0]!.id, id, text]);
    const key = `fx-test-${id}-${Date.now()}`;
    await hub.app.exchangeStore.put(key, Readable.from([bytes]));
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO exchange_files (folder_id, name, name_original, size_bytes, storage_key, state, uploaded_by, upload_at)
       SELECT f.id, 'their-upload.csv', 'their-upload.csv', $2, $3, 2, u.id, now()
         FROM users u JOIN exchange_collections c ON c.entity_id = u.entity_id JOIN exchange_folders f ON f.collection_id = c.id
        WHERE u.id = $1 ORDER BY f.id LIMIT 1
       RETURNING id`,
      [id, bytes.length, key],
    );
    return { fileId: rows[0]!.id, key };
  }

  const zipOf = async (downloadUrl: string) => {
    const url = new URL(downloadUrl);
    return hub.app.inject({ method: 'GET', url: url.pathname + url.search });
  };

  test('should build one’s own export in the background, announce it and stream its zip', async () => {
    const bytes = Buffer.from('region;sales\nnorth;42\n');
    const { fileId } = await theirMessageAndFile(NINA, 'A message only Nina wrote', bytes);

    const created = await call(NINA, 'POST', '/api/me/exports');
    assert.equal(created.statusCode, 202, created.body);
    const { id } = created.json();
    await hub.app.dataExports.drain();

    const status = await call(NINA, 'GET', `/api/me/exports/${id}`);
    assert.equal(status.statusCode, 200, status.body);
    const answer = status.json();
    assert.equal(answer.state, 'ready');
    assert.equal(answer.progress, 100);
    assert.ok(Date.parse(answer.expires_at) - Date.now() > 6.9 * 86_400_000, 'offered for 7 days');
    assert.match(answer.download_url, /\/api\/exports\/\d+\/zip\?ticket=/);

    const zip = await zipOf(answer.download_url);
    assert.equal(zip.statusCode, 200, zip.body);
    assert.equal(zip.headers['content-type'], 'application/zip');
    assert.equal(Number(zip.headers['content-length']), answer.size_bytes);
    const entries = readZip(zip.rawPayload);
    assert.equal(JSON.parse(entries.get('profile.json')!.toString()).email, NINA);
    const messages = JSON.parse(entries.get('messages.json')!.toString()) as { message: string }[];
    assert.ok(messages.some((m) => m.message === 'A message only Nina wrote'));
    assert.ok(JSON.parse(entries.get('preferences.json')!.toString()).language);
    assert.equal(JSON.parse(entries.get('memberships.json')!.toString()).entity.name, 'Northwind Traders');
    for (const name of ['discussions.json', 'tickets.json', 'ticket-messages.json', 'notifications.json', 'audit.json', 'files.json']) {
      assert.ok(Array.isArray(JSON.parse(entries.get(name)!.toString())), name);
    }
    const files = JSON.parse(entries.get('files.json')!.toString()) as { id: number; storage_key?: string }[];
    assert.ok(files.some((f) => f.id === fileId));
    assert.ok(
      files.every((f) => f.storage_key === undefined),
      'no storage keys',
    );
    assert.deepEqual(entries.get(`files/${fileId}-their-upload.csv`), bytes);

    const db = await testDb();
    const { rows: told } = await db.query(
      "SELECT path FROM notifications WHERE user_id = $1 AND kind = 'exports' AND event = 'export.ready' AND subject_id = $2",
      [await userId(NINA), id],
    );
    assert.deepEqual(told, [{ path: '/profile' }]);
    const { rows: audit } = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE item_type = 'user' AND item_id = $1 AND action LIKE 'user.export%' ORDER BY id",
      [await userId(NINA)],
    );
    assert.deepEqual(
      audit.map((a) => a.action),
      ['user.export-data', 'user.export-download'],
    );
  });

  test('should show an export and its link to the one who asked only', async () => {
    const { id } = (await call(NINA, 'POST', '/api/me/exports')).json();
    await hub.app.dataExports.drain();
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/me/exports/${id}`)).statusCode, 404);
    assert.equal((await call(ADMIN, 'GET', `/api/me/exports/${id}`)).statusCode, 404);
    const asNina = { 'display-as-user-id': String(await userId(NINA)) };
    const displayed = await call(ADMIN, 'GET', `/api/me/exports/${id}`, { headers: asNina });
    assert.equal(displayed.statusCode, 403);
    assert.equal((await call(ADMIN, 'POST', '/api/me/exports', { headers: asNina })).statusCode, 403);

    const url = new URL((await call(NINA, 'GET', `/api/me/exports/${id}`)).json().download_url);
    const tampered = await hub.app.inject({ method: 'GET', url: `/api/exports/${id + 1}/zip${url.search}` });
    assert.equal(tampered.statusCode, 401);
    assert.equal(tampered.json().message, DATA_PROTECTION_MESSAGES.linkInvalid);
    assert.equal((await hub.app.inject({ method: 'GET', url: `/api/exports/${id}/zip?ticket=nonsense` })).statusCode, 401);
    // A sign-out ends the links handed out before it.
    await hub.app.usersRepository.endSessions(await userId(NINA));
    assert.equal((await hub.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode, 401);
  });

  test('should let an administrator export anyone, an entity admin their company’s people, and no one else', async () => {
    const contosoId = await userId(CONTOSO);
    const ninaId = await userId(NINA);
    assert.equal((await call(CONTRIBUTOR, 'POST', `/api/admin/users/${contosoId}/exports`)).statusCode, 404);
    assert.equal((await call(CONTRIBUTOR, 'POST', '/api/admin/users/999999/exports')).statusCode, 404);
    assert.equal((await call(NINA, 'POST', `/api/admin/users/${ninaId}/exports`)).statusCode, 403);

    const byContributor = await call(CONTRIBUTOR, 'POST', `/api/admin/users/${ninaId}/exports`);
    assert.equal(byContributor.statusCode, 202, byContributor.body);
    const byAdmin = await call(ADMIN, 'POST', `/api/admin/users/${contosoId}/exports`);
    assert.equal(byAdmin.statusCode, 202, byAdmin.body);
    await hub.app.dataExports.drain();

    const status = await call(ADMIN, 'GET', `/api/admin/users/${contosoId}/exports/${byAdmin.json().id}`);
    assert.equal(status.statusCode, 200, status.body);
    const zip = await zipOf(status.json().download_url);
    assert.equal(JSON.parse(readZip(zip.rawPayload).get('profile.json')!.toString()).email, CONTOSO);
    // The person whose data it is did not ask for this one; another staff member neither.
    assert.equal((await call(CONTOSO, 'GET', `/api/me/exports/${byAdmin.json().id}`)).statusCode, 404);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/users/${contosoId}/exports/${byAdmin.json().id}`)).statusCode, 404);
    assert.equal((await call(ADMIN, 'GET', `/api/admin/users/${ninaId}/exports/${byContributor.json().id}`)).statusCode, 404);

    const db = await testDb();
    const { rows } = await db.query('SELECT path FROM notifications WHERE user_id = $1 AND event = $2', [
      await userId(ADMIN),
      'export.ready',
    ]);
    assert.deepEqual(rows, [{ path: `/admin/users/details/${contosoId}` }]);
  });

  test('should delete an export’s zip once its offer ends', async () => {
    const { id } = (await call(NINA, 'POST', '/api/me/exports')).json();
    await hub.app.dataExports.drain();
    const url = (await call(NINA, 'GET', `/api/me/exports/${id}`)).json().download_url as string;
    const db = await testDb();
    const { rows } = await db.query<{ storage_key: string }>(
      "UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = $1 RETURNING storage_key",
      [id],
    );
    await hub.app.dataExports.runPending();
    assert.equal(await hub.app.exchangeStore.has(rows[0]!.storage_key), false, 'the zip is gone from the store');
    const status = (await call(NINA, 'GET', `/api/me/exports/${id}`)).json();
    assert.equal(status.state, 'expired');
    assert.equal(status.download_url, null);
    const gone = await zipOf(url);
    assert.equal(gone.statusCode, 409);
    assert.equal(gone.json().message, DATA_PROTECTION_MESSAGES.exportNotReady);
  });
});
