import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../test-support/helper';
import { rowId } from '../../../test-support/content-caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const CUSTOMER = 'user@northwind.test';
/** A published advice shown to CUSTOMER, written in English. */
const SHOWN = 'Speed up your monthly sales report';

describe(`search in both languages (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const titles = async (q: string) => {
    const found = await call(CUSTOMER, 'GET', `/api/search?${new URLSearchParams({ q, kinds: 'advice' }).toString()}`);
    assert.equal(found.statusCode, 200, found.body);
    return (found.json() as { items: { title: string }[] }).items.map((item) => item.title);
  };

  test('should find an item by a word of its translation, in another form of the word', async () => {
    assert.ok(!(await titles('rapprochement ')).includes(SHOWN), 'not before the translation');
    const id = await rowId('SELECT id FROM advices WHERE title = $1', [SHOWN]);
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/unpublish`)).statusCode, 200);
    const saved = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, {
      payload: {
        translations: { fr: { title: 'Accélérez le rapport', description: '<p>Les rapprochements bancaires deviennent rapides.</p>' } },
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/publish`)).statusCode, 200);
    assert.ok((await titles('rapprochement ')).includes(SHOWN));
    assert.ok((await titles('rapide ')).includes(SHOWN));
    // The source's words still find it.
    assert.ok((await titles('incremental ')).includes(SHOWN));
  });
});
