import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../../../../test-support/helper';
import { auditLines, entityId, idOf } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const USER = 'user@northwind.test';
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe(`scheduled publishing (${DB_KIND})`, () => {
  const hub = signedInApp();

  test('should schedule a draft, list it, and have it published exactly once when two schedulers run at the same time', async () => {
    const db = await testDb();
    const draft = await idOf('SELECT id FROM news_items WHERE status = 0 ORDER BY id LIMIT 1');
    const set = await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/news-items/${draft}/schedule`, { payload: { publish_at: inAnHour() } });
    assert.equal(set.statusCode, 200);
    const listed = await hub.call(CONTRIBUTOR, 'GET', '/api/admin/schedules?kind=news-items');
    assert.deepEqual(
      listed.json().items.map((item: { id: number }) => item.id),
      [draft],
    );
    assert.equal((await auditLines('news-item.schedule'))[0]?.item_id, draft);

    // Not yet due: nothing happens.
    assert.deepEqual(await hub.app.schedulesRepository.publishDue(), []);
    // Due: two schedulers (two server processes on one database) tick at once.
    await db.query("UPDATE news_items SET publish_at = now() - interval '1 minute' WHERE id = $1", [draft]);
    const [first, second] = await Promise.all([hub.app.schedulesRepository.publishDue(), hub.app.schedulesRepository.publishDue()]);
    assert.deepEqual([...first, ...second], [{ kind: 'news-items', id: draft }], 'published by one scheduler only');
    const { rows } = await db.query<{ status: number; publish_at: Date | null }>(
      'SELECT status, publish_at FROM news_items WHERE id = $1',
      [draft],
    );
    assert.deepEqual(rows[0], { status: 16, publish_at: null });
    const lines = (await auditLines('news-item.publish')).filter((line) => line.item_id === draft);
    assert.equal(lines.length, 1, 'one audit line');
    assert.equal(lines[0]!.actor_id, null, 'written by the scheduler');
    assert.equal(lines[0]!.details?.scheduled, true);
    // A later tick publishes nothing again; the customer now sees it.
    assert.deepEqual(await hub.app.schedulesRepository.publishDue(), []);
    assert.equal((await hub.call(USER, 'GET', `/api/news-items/${draft}`)).statusCode, 200);
  });

  test('should publish due advices and dashboards too, and leave drafts without a date alone', async () => {
    const db = await testDb();
    const northwind = await entityId('Northwind Traders');
    const advice = await idOf('SELECT id FROM advices WHERE status = 0 AND entity_id = $1 ORDER BY id LIMIT 1', [northwind]);
    const dashboard = await idOf('SELECT id FROM dashboards WHERE status = 0 AND entity_id = $1 ORDER BY id LIMIT 1', [northwind]);
    for (const [kind, id] of [
      ['advices', advice],
      ['dashboards', dashboard],
    ] as const) {
      assert.equal(
        (await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/${kind}/${id}/schedule`, { payload: { publish_at: inAnHour() } })).statusCode,
        200,
      );
    }
    const { rows: before } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM advices WHERE status = 0');
    const published = await hub.app.schedulesRepository.publishDue(new Date(Date.now() + 2 * 3600_000));
    assert.deepEqual(
      published.sort((a, b) => a.kind.localeCompare(b.kind)),
      [
        { kind: 'advices', id: advice },
        { kind: 'dashboards', id: dashboard },
      ],
    );
    const { rows: after } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM advices WHERE status = 0');
    assert.equal(after[0]!.count, before[0]!.count - 1);
  });

  test('should refuse a past date, a published item, and another entity; clear a schedule; publishing by hand clears it', async () => {
    const northwindDraft = await idOf(
      'SELECT a.id FROM advices a JOIN entities e ON e.id = a.entity_id WHERE a.status = 0 AND e.name = $1 ORDER BY a.id LIMIT 1',
      ['Northwind Traders'],
    );
    const published = await idOf('SELECT id FROM news_items WHERE status = 16 ORDER BY id LIMIT 1');
    const contosoAdvice = await idOf(
      'SELECT a.id FROM advices a JOIN entities e ON e.id = a.entity_id WHERE e.name = $1 ORDER BY a.id LIMIT 1',
      ['Contoso'],
    );
    const past = await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${northwindDraft}/schedule`, {
      payload: { publish_at: '2020-01-01T10:00:00.000Z' },
    });
    assert.equal(past.statusCode, 400);
    assert.match(past.json().message, /^publish_at: /);
    assert.equal(
      (await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/news-items/${published}/schedule`, { payload: { publish_at: inAnHour() } }))
        .statusCode,
      409,
    );
    assert.equal(
      (await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${contosoAdvice}/schedule`, { payload: { publish_at: inAnHour() } }))
        .statusCode,
      404,
    );
    assert.equal(
      (await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${northwindDraft}/schedule`, { payload: { publish_at: 'tomorrow' } }))
        .statusCode,
      400,
    );

    assert.equal(
      (await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${northwindDraft}/schedule`, { payload: { publish_at: inAnHour() } }))
        .statusCode,
      200,
    );
    assert.equal((await hub.call(CONTRIBUTOR, 'DELETE', `/api/admin/advices/${northwindDraft}/schedule`)).statusCode, 204);
    assert.deepEqual((await hub.call(CONTRIBUTOR, 'GET', '/api/admin/schedules?kind=advices')).json().items, []);

    assert.equal(
      (await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${northwindDraft}/schedule`, { payload: { publish_at: inAnHour() } }))
        .statusCode,
      200,
    );
    assert.equal((await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${northwindDraft}/publish`)).statusCode, 200);
    assert.equal((await hub.call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${northwindDraft}/unpublish`)).statusCode, 200);
    assert.deepEqual(
      (await hub.call(CONTRIBUTOR, 'GET', '/api/admin/schedules?kind=advices')).json().items,
      [],
      'the old date does not republish it',
    );
  });
});
