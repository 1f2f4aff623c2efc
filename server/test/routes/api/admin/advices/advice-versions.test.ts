import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, userId } from '../../../../test-support/helper';
import { audited, rowId } from '../../../../test-support/content-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const PUBLISHER = 'publisher@demo.test';

describe(`advice versions (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const ok = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const answer = await call(email, method, url, payload ? { payload } : undefined);
    assert.ok(answer.statusCode < 300, `${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json();
  };

  test('should keep each save with who, when and the fields it changed, and mark the published one', async () => {
    const advice = await ok(CONTRIBUTOR, 'POST', '/api/admin/advices', { title: 'First words', description: '<p>One</p>' });
    const base = `/api/admin/advices/${advice.id}`;
    await ok(PUBLISHER, 'PUT', base, { title: 'Second words', translations: { fr: { title: 'Deuxièmes mots' } } });
    await ok(CONTRIBUTOR, 'PUT', base, { pinned: false }); // nothing changes: no version
    await ok(CONTRIBUTOR, 'PUT', `${base}/publish`);

    const history = await ok(CONTRIBUTOR, 'GET', `${base}/versions`);
    assert.equal(history.total, 2);
    const [second, first] = history.items;
    assert.equal(second.version, 2);
    assert.deepEqual(second.fields, ['title', 'translations.fr']);
    assert.deepEqual(second.saved_by, { id: await userId(PUBLISHER), name: 'Paula Publisher' });
    assert.ok(second.published_at, 'the version customers were given');
    assert.equal(first.version, 1);
    assert.equal(first.saved_by.id, await userId(CONTRIBUTOR));
    assert.ok(first.fields.includes('title') && first.fields.includes('description'));
    assert.equal(first.published_at, null);

    const paged = await ok(CONTRIBUTOR, 'GET', `${base}/versions?page=2&page_size=1`);
    assert.deepEqual(
      paged.items.map((item: { version: number }) => item.version),
      [1],
    );
    assert.equal(paged.total, 2);

    const one = await ok(CONTRIBUTOR, 'GET', `${base}/versions/1`);
    assert.equal(one.snapshot.title, 'First words');
    assert.equal(one.snapshot.description, '<p>One</p>');
    assert.deepEqual(one.snapshot.translations, {});
    assert.equal((await ok(CONTRIBUTOR, 'GET', `${base}/versions/2`)).snapshot.translations.fr.title, 'Deuxièmes mots');
  });

  test('should restore a version as a new draft version, and 404 a version of another advice', async () => {
    const advice = await ok(CONTRIBUTOR, 'POST', '/api/admin/advices', { title: 'Kept title', subtitle: 'Kept' });
    const base = `/api/admin/advices/${advice.id}`;
    await ok(CONTRIBUTOR, 'PUT', base, { title: 'Changed title', subtitle: null, translations: { fr: { title: 'Titre' } } });
    await ok(CONTRIBUTOR, 'PUT', `${base}/publish`);

    const other = await ok(CONTRIBUTOR, 'POST', '/api/admin/advices', { title: 'Other' });
    const foreign = await call(CONTRIBUTOR, 'POST', `/api/admin/advices/${other.id}/versions/2/restore`);
    assert.equal(foreign.statusCode, 404, foreign.body);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${other.id}/versions/2`)).statusCode, 404);

    const restored = await ok(CONTRIBUTOR, 'POST', `${base}/versions/1/restore`);
    assert.equal(restored.title, 'Kept title');
    assert.equal(restored.subtitle, 'Kept');
    assert.equal(restored.status, 0, 'the restore is the new draft');
    assert.equal(restored.translation_state, 'missing');
    const history = await ok(CONTRIBUTOR, 'GET', `${base}/versions`);
    assert.equal(history.items[0].version, 3);
    assert.equal(history.items[0].restored_from, 1);
    assert.deepEqual(history.items[0].fields, ['title', 'subtitle', 'translations.fr']);
    assert.equal((await audited('advice.restore', advice.id)).length, 1);
    // Customers do not see the draft.
    assert.equal((await call('user@northwind.test', 'GET', `/api/advices/${advice.id}`)).statusCode, 404);
  });

  test('should hide the history of another company’s advice and refuse customers', async () => {
    const contoso = await rowId("SELECT a.id FROM advices a JOIN entities e ON e.id = a.entity_id WHERE e.name LIKE 'Contoso%' LIMIT 1");
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${contoso}/versions`)).statusCode, 404);
    const mine = await rowId('SELECT id FROM advices WHERE title = $1', ['Draft: access rights policy']);
    assert.equal((await call('user@northwind.test', 'GET', `/api/admin/advices/${mine}/versions`)).statusCode, 403);
  });
});
