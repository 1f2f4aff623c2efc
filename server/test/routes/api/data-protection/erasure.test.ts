import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { ERASURE_MESSAGES } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';

const NINA = 'user@northwind.test';
const ADMIN = 'admin@demo.test';
const CONTRIBUTOR = 'contributor@northwind.test';

describe(`POST /api/admin/users/{id}/erase (${DB_KIND})`, () => {
  const hub = signedInApp();
  const { call } = hub;
  const erase = (email: string, id: number, confirm: string, headers?: Record<string, string>) =>
    call(email, 'POST', `/api/admin/users/${id}/erase`, { payload: { confirm }, headers });

  test('should refuse oneself, a wrong confirmation, display-as and a person one may not manage', async () => {
    const nina = await userId(NINA);
    const self = await erase(ADMIN, await userId(ADMIN), ADMIN);
    assert.equal(self.statusCode, 403);
    assert.equal(self.json().message, ERASURE_MESSAGES.self);
    const wrong = await erase(ADMIN, nina, 'someone@else.test');
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().message, ERASURE_MESSAGES.confirm);
    assert.equal((await erase(CONTRIBUTOR, await userId('user@contoso.test'), 'user@contoso.test')).statusCode, 404);
    assert.equal((await erase(ADMIN, 999999, 'x@y.test')).statusCode, 404);
    assert.equal((await erase(NINA, nina, NINA)).statusCode, 403);
    assert.equal((await erase(ADMIN, nina, NINA, { 'display-as-user-id': String(nina) })).statusCode, 403);
    const db = await testDb();
    const { rows } = await db.query('SELECT 1 FROM users WHERE email = $1 AND erased_at IS NULL', [NINA]);
    assert.equal(rows.length, 1, 'nothing erased');
  });

  test('should delete what is only theirs, keep their messages as a former user’s and scrub the audit', async () => {
    const db = await testDb();
    const nina = await userId(NINA);
    // Before: her message, her upload (bytes in the store), a picture, an export, an audit line naming her.
    const { rows: discussion } = await db.query<{ id: number }>('INSERT INTO discussions (customer_id) VALUES ($1) RETURNING id', [nina]);
    await db.query('INSERT INTO messages (discussion_id, from_user_id, message) VALUES ($1, $2, $3)', [
      discussion[0]!.id,
      nina,
      'Please keep this in the company record',
    ]);
    const fileKey = `fx-erase-${nina}`;
    await hub.app.exchangeStore.put(fileKey, Readable.from([Buffer.from('a;b\n1;2\n')]));
    const { rows: file } = await db.query<{ id: number }>(
      `INSERT INTO exchange_files (folder_id, name, name_original, size_bytes, storage_key, state, uploaded_by, upload_at)
       SELECT f.id, 'nina-upload.csv', 'nina-upload.csv', 8, $2, 2, $1, now()
         FROM exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id JOIN users u ON u.entity_id = c.entity_id
        WHERE u.id = $1 ORDER BY f.id LIMIT 1 RETURNING id`,
      [nina, fileKey],
    );
    const pictureKey = `profile-erase-${nina}.png`;
    await hub.app.imageStore.put(pictureKey, Readable.from([Buffer.from('png')]));
    await db.query(
      `WITH i AS (INSERT INTO images (name, category, storage_key, mime, size_bytes, created_by) VALUES ('me', 'profile', $2, 'image/png', 3, $1) RETURNING id)
       UPDATE users SET profile_image_id = (SELECT id FROM i) WHERE id = $1`,
      [nina, pictureKey],
    );
    const exported = (await call(NINA, 'POST', '/api/me/exports')).json();
    await hub.app.dataExports.drain();
    const { rows: zip } = await db.query<{ storage_key: string }>('SELECT storage_key FROM data_exports WHERE id = $1', [exported.id]);
    const { rows: person } = await db.query<{ first_name: string; last_name: string }>(
      'SELECT first_name, last_name FROM users WHERE id = $1',
      [nina],
    );
    const fullName = `${person[0]!.first_name} ${person[0]!.last_name}`;
    await db.query("INSERT INTO audit_log (actor_id, action, item_type, item_id, details) VALUES ($1, 'user.update', 'user', $2, $3)", [
      await userId(ADMIN),
      nina,
      JSON.stringify({ email: NINA, name: fullName, note: 'renamed' }),
    ]);

    const answer = await erase(ADMIN, nina, ` ${NINA.toUpperCase()} `);
    assert.equal(answer.statusCode, 200, answer.body);
    const report = answer.json();
    assert.ok(report.deleted.uploaded_files >= 1, 'hers and the demo uploads');
    assert.equal(report.deleted.profile_pictures, 1);
    assert.equal(report.deleted.exports, 1);
    assert.ok(report.deleted.notifications >= 1, 'the export’s notification at least');
    assert.ok(report.kept.messages >= 1);

    // The bytes are gone from the stores; the Collectmaster slot stays, empty.
    assert.equal(await hub.app.exchangeStore.has(fileKey), false);
    assert.equal(await hub.app.exchangeStore.has(zip[0]!.storage_key), false);
    assert.equal(await hub.app.imageStore.get(pictureKey), null);
    const { rows: slot } = await db.query('SELECT state, storage_key, uploaded_by FROM exchange_files WHERE id = $1', [file[0]!.id]);
    assert.deepEqual(slot, [{ state: 1, storage_key: null, uploaded_by: null }]);

    // The message stays in the company's discussion, its author a former user without a name.
    const { rows: kept } = await db.query<{ message: string; email: string; first_name: string; rights: string[] }>(
      'SELECT m.message, u.email, u.first_name, u.rights FROM messages m JOIN users u ON u.id = m.from_user_id WHERE m.discussion_id = $1',
      [discussion[0]!.id],
    );
    assert.equal(kept[0]!.message, 'Please keep this in the company record');
    assert.equal(kept[0]!.email, `erased-${nina}@erased.invalid`);
    assert.equal(kept[0]!.first_name, '');
    assert.deepEqual(kept[0]!.rights, []);
    for (const table of ['notifications', 'notification_preferences', 'group_users', 'data_exports']) {
      const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [nina]);
      assert.equal(rows.length, 0, table);
    }

    // The audit says an erasure happened and by whom, and names the erased person nowhere.
    const { rows: lines } = await db.query<{ actor_id: number; details: unknown }>(
      "SELECT actor_id, details FROM audit_log WHERE action = 'user.erase' AND item_id = $1",
      [nina],
    );
    assert.equal(lines[0]!.actor_id, await userId(ADMIN));
    const { rows: naming } = await db.query(
      'SELECT id FROM audit_log WHERE strpos(details::text, $1) > 0 OR strpos(details::text, $2) > 0',
      [NINA, fullName],
    );
    assert.deepEqual(naming, []);
    assert.equal(await hub.app.dataExports.mayManage((await adminSession())!, nina), false, 'no one manages a former user');

    // Her old sign-in maps to no one: the session she had is ended, and a new sign-in is not her row.
    assert.equal((await call(NINA, 'GET', '/api/notifications')).statusCode, 401);
    hub.forget();
    assert.notEqual((await call(NINA, 'GET', '/api/notifications').catch(() => ({ statusCode: 401 }))).statusCode, 200);
    assert.equal((await erase(ADMIN, nina, `erased-${nina}@erased.invalid`)).statusCode, 404, 'erased once');
  });

  test('should let an entity admin erase one of their company’s people', async () => {
    const colleague = await userId(NINA);
    const answer = await erase(CONTRIBUTOR, colleague, NINA);
    assert.equal(answer.statusCode, 200, answer.body);
    const listed = await call(ADMIN, 'GET', '/api/admin/users?page_size=100');
    assert.ok(!listed.json().items.some((u: { id: number }) => u.id === colleague), 'the consoles no longer list them');
  });

  async function adminSession() {
    const admin = await hub.app.usersRepository.findById(await userId(ADMIN));
    return admin && { user: admin, actor: admin, rights: admin.rights, displayAs: false, entityId: null, mainAdminPage: false };
  }
});
