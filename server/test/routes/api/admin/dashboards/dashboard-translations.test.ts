import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../../test-support/helper';
import { rowId } from '../../../../test-support/content-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const CUSTOMER = 'user@northwind.test';
/** Published, for every Northwind user. */
const SHOWN = 'Northwind sales overview';

describe(`dashboards in both languages (${DB_KIND})`, () => {
  const { call } = signedInApp();

  test('should keep the French title and description, and show them to a French reader until the source changes', async () => {
    const id = await rowId('SELECT id FROM dashboards WHERE title = $1', [SHOWN]);
    const edit = async (payload: object) => {
      assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${id}/unpublish`)).statusCode, 200);
      const saved = await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${id}`, { payload });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${id}/publish`)).statusCode, 200);
      return saved.json();
    };
    const saved = await edit({ translations: { fr: { title: 'Ventes de Northwind', description: '<p>Actualisé chaque jour</p>' } } });
    assert.equal(saved.translations.fr.subtitle, null, 'a dashboard has no subtitle');
    assert.equal(saved.translation_state, 'up_to_date');

    assert.equal((await call(CUSTOMER, 'PUT', '/api/notifications/preferences', { payload: { language: 'fr' } })).statusCode, 200);
    const read = async () => (await call(CUSTOMER, 'GET', `/api/dashboards/${id}`)).json();
    const french = await read();
    assert.equal(french.language, 'fr');
    assert.equal(french.title, 'Ventes de Northwind');
    assert.equal(french.description, '<p>Actualisé chaque jour</p>');
    const listed = (await call(CUSTOMER, 'GET', '/api/dashboards')).json().items.find((item: { id: number }) => item.id === id);
    assert.equal(listed.title, 'Ventes de Northwind');

    await edit({ description: 'Refreshed every hour.' });
    const stale = await read();
    assert.equal(stale.language, 'en');
    assert.equal(stale.translation_state, 'out_of_date');
    assert.equal(stale.description, 'Refreshed every hour.');
    const missing = (await call(CONTRIBUTOR, 'GET', '/api/admin/dashboards?translation=missing')).json().items;
    assert.ok(!missing.some((item: { id: number }) => item.id === id));
    assert.ok(missing.length > 0);
  });
});
