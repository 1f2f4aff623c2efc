import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HEADERS, type Discussion, type NotificationCount, type NotificationList } from '@hub/shared/api';
import { anotherPostgresHandle, DB_KIND, testDb } from '../../../test-support/helper';
import { idOf } from '../../../test-support/caller';
import { filesCaller, filesForm } from '../../../test-support/files-caller';
import { readUntil } from '../../../test-support/read-until';
import { signedInApp } from '../../../test-support/signed-in-app';
import { readSse } from '../../../test-support/sse-reader';

// The demo data: Nina (USER) and Northwind's contributor are of Northwind, Carl (OTHER) of
// Contoso; the consultant handles Nina's open discussion; the publisher is Northwind's.
const USER = 'user@northwind.test';
const NEIGHBOUR = 'contributor@northwind.test';
const OTHER = 'user@contoso.test';
const CONSULTANT = 'consultant@demo.test';
const PUBLISHER = 'publisher@demo.test';
const ADMIN = 'admin@demo.test';

describe(`notifications (${DB_KIND})`, () => {
  const hub = signedInApp();
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (email: string, method: Method, url: string, payload?: object, headers?: Record<string, string>) =>
    hub.call(email, method, url, { payload, headers });
  async function ok<T>(email: string, method: Method, url: string, payload?: object, status = 200): Promise<T> {
    const response = await call(email, method, url, payload);
    assert.equal(response.statusCode, status, response.body);
    return (response.body ? response.json() : null) as T;
  }
  const list = (email: string, query = '') => ok<NotificationList>(email, 'GET', `/api/notifications${query}`);
  const count = async (email: string) => (await ok<NotificationCount>(email, 'GET', '/api/notifications/count')).unread;
  const userId = (email: string) => idOf('SELECT id FROM users WHERE email = $1', [email]);

  /** A published advice of Northwind addressed to `recipients` only. */
  async function personalAdvice(title: string, recipients: string[]): Promise<number> {
    const { id } = await ok<{ id: number }>(PUBLISHER, 'POST', '/api/admin/advices', { title, audience_type: 'user' }, 201);
    for (const email of recipients) await ok(PUBLISHER, 'PUT', `/api/admin/advices/${id}/users/add/${await userId(email)}`);
    await ok(PUBLISHER, 'PUT', `/api/admin/advices/${id}/publish`);
    return id;
  }

  test('should tell an advice audience member, not a non-member, another company or the publisher; and take it back', async () => {
    const id = await personalAdvice('Year-end closing', [USER]);
    const nina = await list(USER);
    assert.deepEqual(
      nina.items.map(({ kind, event, title, path, read_at }) => ({ kind, event, title, path, read_at })),
      [{ kind: 'content', event: 'advice.published', title: 'Year-end closing', path: `/advices/details/${id}`, read_at: null }],
    );
    assert.equal(nina.items[0]!.actor?.first_name, 'Paula');
    assert.equal(await count(USER), 1, 'the count matches the list');
    for (const email of [NEIGHBOUR, OTHER, PUBLISHER]) assert.equal((await list(email)).total, 0, `${email} is not told`);

    // Publishing again (unpublish, publish) tells no one twice; removed from the audience, the notification goes.
    await ok(PUBLISHER, 'PUT', `/api/admin/advices/${id}/unpublish`);
    assert.equal(await count(USER), 0, 'unpublished: gone');
    await ok(PUBLISHER, 'PUT', `/api/admin/advices/${id}/publish`);
    assert.equal(await count(USER), 1);
    await ok(PUBLISHER, 'PUT', `/api/admin/advices/${id}/users/add/${await userId(NEIGHBOUR)}`);
    assert.deepEqual([await count(USER), await count(NEIGHBOUR)], [1, 1], 'an audience change that adds someone tells them');
    await ok(PUBLISHER, 'PUT', `/api/admin/advices/${id}/users/remove/${await userId(USER)}`);
    assert.deepEqual([(await list(USER)).total, await count(NEIGHBOUR)], [0, 1], 'removed from the audience: no longer there');
    await ok(PUBLISHER, 'DELETE', `/api/admin/advices/${id}`, undefined, 204);
    assert.equal(await count(NEIGHBOUR), 0, 'deleted: gone');

    // Moved to another company: what they no longer see goes.
    await personalAdvice('Before the move', [USER]);
    assert.equal(await count(USER), 1);
    await ok(ADMIN, 'PUT', `/api/admin/users/${await userId(USER)}`, {
      entity_id: await idOf(`SELECT id FROM entities WHERE name = 'Contoso'`),
    });
    assert.equal(await count(USER), 0, 'moved to Contoso: the Northwind advice is gone');
  });

  test('should tell the scheduled publishing’s audience, and news only in the followed categories', async () => {
    const db = await testDb();
    const { id } = await ok<{ id: number }>(
      PUBLISHER,
      'POST',
      '/api/admin/advices',
      { title: 'Scheduled', audience_type: 'multi_users' },
      201,
    );
    await db.query("UPDATE advices SET publish_at = now() - interval '1 minute' WHERE id = $1", [id]);
    await hub.app.schedulesRepository.publishDue();
    assert.deepEqual([await count(USER), await count(NEIGHBOUR), await count(OTHER)], [1, 1, 0], 'Northwind is told, Contoso is not');

    const category = await idOf('SELECT id FROM categories ORDER BY id LIMIT 1');
    await db.query('UPDATE users SET followed_categories = $1 WHERE email = $2', [[category + 1000], OTHER]);
    const news = await ok<{ id: number }>(
      ADMIN,
      'POST',
      '/api/admin/news-items',
      { title: 'Office move', tag: 'Info', category_id: category },
      201,
    );
    await ok(ADMIN, 'PUT', `/api/admin/news-items/${news.id}/publish`);
    assert.equal((await list(USER, '?kind=content')).items[0]?.event, 'news.published', 'all categories until one chooses');
    assert.equal(await count(OTHER), 0, 'a category not followed');
    assert.equal((await list(ADMIN)).total, 0, 'never the actor');
  });

  // The count is kept in memory between calls (notification-hub.ts): a second call is answered
  // from it, and any change to a notification, from this process or another, drops it.
  test('should answer the count from memory until a notification changes, in this process or another', async () => {
    const db = await testDb();
    const nina = await userId(USER);
    const kept = hub.app.notificationHub.counts;
    const before = await count(USER);
    const hits = kept.hits;
    assert.equal(await count(USER), before);
    assert.equal(kept.hits, hits + 1, 'the second call is answered from memory');

    // Written through this process's own handle: the next answer has it, with no wait.
    const insert = `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
                    VALUES ($1, 'content', 'advice.published', 'advice', 999999, 'Kept or not', '/advices')`;
    await db.query(insert, [nina]);
    assert.equal(await count(USER), before + 1, 'a write here drops the count at once');
    await ok(USER, 'PUT', '/api/notifications/read-all');
    assert.equal(await count(USER), 0, 'read here: dropped at once');

    if (DB_KIND === 'pglite') return;
    // Written by another process (another handle on the database): told by the triggers' NOTIFY.
    const other = await anotherPostgresHandle();
    try {
      // Nina's count as this process answers it, once it is `expected` or 5 s have passed.
      const countBecomes = (expected: number) =>
        readUntil(
          () => count(USER),
          (unread) => unread === expected,
          5000,
        );
      await other.query(insert, [nina]);
      assert.equal(await countBecomes(1), 1, 'a notification written by another process');
      await other.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [nina]);
      assert.equal(await countBecomes(0), 0, 'read in another process');
    } finally {
      await other.close();
    }
  });

  test('should tell the customer of a reply and the close, the consultant of a customer’s message, live', async () => {
    const address = await hub.app.listen({ port: 0, host: '127.0.0.1' });
    assert.equal((await fetch(`${address}/api/notifications/events?ticket=forged`)).status, 401);
    const { ticket } = await ok<{ ticket: string }>(USER, 'POST', '/api/notifications/events/ticket');
    const stream = await readSse(`${address}/api/notifications/events?ticket=${encodeURIComponent(ticket)}`);
    try {
      await stream.waitFor('notification-count', (event) => event.data.unread === 0);
      const [open] = (await ok<{ items: Discussion[] }>(USER, 'GET', '/api/discussions')).items;
      await ok(CONSULTANT, 'POST', '/api/discussions', { discussion_id: open!.id, message: 'Secret figures: 42', close: true }, 201);
      const pushed = await stream.waitFor('notification', (event) => event.data.event === 'discussion.reply');
      assert.deepEqual([pushed.data.kind, pushed.data.path, pushed.data.title], ['discussions', '/contact', 'Colin Consultant']);
      await stream.waitFor('notification-count', (event) => event.data.unread === 2);
      const events = (await list(USER, '?kind=discussions')).items.map((item) => item.event);
      assert.deepEqual(events, ['discussion.closed', 'discussion.reply']);
      assert.ok(!JSON.stringify(await list(USER)).includes('Secret'), 'never the message’s text');

      await ok(USER, 'POST', '/api/discussions', { message: 'A new question' }, 201);
      assert.deepEqual(
        (await list(CONSULTANT)).items.map((item) => item.event),
        ['discussion.customer_message'],
      );

      // Marking read sends the count again.
      await ok(USER, 'PUT', '/api/notifications/read-all');
      await stream.waitFor('notification-count', (event) => event.data.unread === 0 && stream.received.indexOf(event) > 2);
    } finally {
      await stream.close();
    }
  });

  test('should not mark read during display-as, and keep each person’s notifications their own', async () => {
    await personalAdvice('First', [USER]);
    await personalAdvice('Second', [USER]);
    const asNina = { [HEADERS.displayAsUserId]: String(await userId(USER)) };
    const seen = await call(ADMIN, 'GET', '/api/notifications', undefined, asNina);
    assert.equal((seen.json() as NotificationList).total, 2, 'an administrator displaying Nina sees hers');
    const [latest, first] = (seen.json() as NotificationList).items;
    assert.equal((await call(ADMIN, 'PUT', `/api/notifications/${latest!.id}/read`, undefined, asNina)).statusCode, 403);
    assert.equal((await call(ADMIN, 'PUT', '/api/notifications/read-all', undefined, asNina)).statusCode, 403);
    assert.equal(await count(USER), 2, 'nothing marked read');

    assert.equal((await call(OTHER, 'PUT', `/api/notifications/${latest!.id}/read`)).statusCode, 404, 'another’s: not found');
    const read = await ok<{ read_at: string | null }>(USER, 'PUT', `/api/notifications/${latest!.id}/read`);
    assert.ok(read.read_at);
    assert.equal(await count(USER), 1);
    assert.deepEqual(
      (await list(USER, '?unread=true')).items.map((item) => item.id),
      [first!.id],
    );

    // Keyset paging: one per page, newest first, then the end.
    const page1 = await list(USER, '?page_size=1');
    assert.deepEqual([page1.items[0]!.id, page1.total, page1.page], [latest!.id, 2, 1]);
    const page2 = await list(USER, `?page_size=1&cursor=${page1.next_cursor}`);
    assert.deepEqual([page2.items[0]!.id, page2.next_cursor, page2.page], [first!.id, null, 2]);
    assert.equal((await call(USER, 'GET', '/api/notifications?cursor=bogus')).statusCode, 400);
    assert.equal((await call(USER, 'GET', '/api/notifications?page_size=101')).statusCode, 400);
  });

  test('should tell the company of a requested, accepted or refused file, and the consultant of a customer’s upload', async () => {
    const files = filesCaller(
      () => hub.app,
      () => hub.idp,
    );
    const folder = await idOf(`SELECT id FROM exchange_folders WHERE name = 'Monthly sales'`);
    const entity = await idOf(
      'SELECT c.entity_id AS id FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id WHERE d.id = $1',
      [folder],
    );
    const requested = await files.call(CONSULTANT, 'POST', `/api/v2/folder/${folder}/files`, { payload: { name: 'budget-2027.xlsx' } });
    assert.equal(requested.statusCode, 201, requested.body);
    const told = async (email: string) => (await list(email, '?kind=collectmaster')).items.map((item) => [item.event, item.title]);
    assert.deepEqual(await told(USER), [['collectmaster.requested', 'budget-2027.xlsx']]);
    assert.deepEqual(await told(OTHER), [], 'another company is not told');

    const form = await filesForm([{ name: 'budget-2027.xlsx', bytes: 'figures' }]);
    const uploaded = await files.call(USER, 'POST', `/api/v2/entity/${entity}/folders/${folder}/upload-files`, form);
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    assert.deepEqual(await told(CONSULTANT), [['collectmaster.uploaded', 'budget-2027.xlsx']], 'the consultant of the company');
    assert.equal((await told(USER)).length, 1, 'the uploader is not told of their own upload');

    const file = (uploaded.json() as { items: { id: number }[] }).items[0]!.id;
    const refused = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${file}/state`, {
      payload: { state: 3, comment: 'Wrong year on page 2' },
    });
    assert.equal(refused.statusCode, 200, refused.body);
    assert.deepEqual((await told(USER))[0], ['collectmaster.problem', 'budget-2027.xlsx']);
    assert.ok(!JSON.stringify(await list(USER)).includes('Wrong year'), 'never the comment');
  });

  test('should describe its routes in the OpenAPI document', async () => {
    const document = (await hub.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    for (const path of ['/api/notifications', '/api/notifications/count', '/api/notifications/{id}/read', '/api/notifications/read-all']) {
      assert.ok(document.paths[path], `${path} is documented`);
    }
  });

  test('should tell a ticket’s author of the staff’s answer and of its status', async () => {
    const ticket = await idOf('SELECT t.id FROM tickets t JOIN users u ON u.id = t.author_id WHERE u.email = $1 LIMIT 1', [USER]);
    await ok(ADMIN, 'POST', `/api/admin/tickets/${ticket}/messages`, { message: 'Fixed on our side' }, 201);
    await ok(ADMIN, 'PUT', `/api/admin/tickets/${ticket}`, { status: 'closed' });
    assert.deepEqual(
      (await list(USER, '?kind=tickets')).items.map((item) => [item.event, item.path]),
      [
        ['ticket.status', '/tickets'],
        ['ticket.answered', '/tickets'],
      ],
    );
    assert.equal((await list(OTHER)).total, 0);
  });
});
