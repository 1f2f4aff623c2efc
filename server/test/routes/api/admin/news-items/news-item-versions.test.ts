import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../../test-support/helper';
import { signedInApp } from '../../../../test-support/signed-in-app';

const ADMIN = 'admin@demo.test';

describe(`news item versions (${DB_KIND})`, () => {
  const { call } = signedInApp();

  test('should keep the saves of a news item and restore one, with the same module as advices', async () => {
    const created = await call(ADMIN, 'POST', '/api/admin/news-items', { payload: { title: 'Release one', tag: 'Release' } });
    assert.equal(created.statusCode, 201, created.body);
    const base = `/api/admin/news-items/${created.json().id}`;
    assert.equal((await call(ADMIN, 'PUT', base, { payload: { tag: 'Event' } })).statusCode, 200);
    assert.equal((await call(ADMIN, 'PUT', `${base}/publish`)).statusCode, 200);

    const history = (await call(ADMIN, 'GET', `${base}/versions`)).json();
    assert.deepEqual(
      history.items.map((item: { version: number; fields: string[]; published_at: string | null }) => [
        item.version,
        item.fields,
        !!item.published_at,
      ]),
      [
        [2, ['tag'], true],
        [1, ['source_language', 'title', 'description', 'pinned', 'tag'], false],
      ],
    );
    const restored = await call(ADMIN, 'POST', `${base}/versions/1/restore`);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().tag, 'Release');
    assert.equal(restored.json().status, 0);
    assert.equal((await call(ADMIN, 'GET', `${base}/versions/9`)).statusCode, 404);
  });
});
