import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../../test-support/helper';
import { rowId } from '../../../../test-support/content-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const ADMIN = 'admin@demo.test';
const CUSTOMER = 'user@contoso.test';
/** Published, for everyone. */
const SHOWN = 'Webinar replay available';

describe(`news items in both languages (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const newsId = (title: string) => rowId('SELECT id FROM news_items WHERE title = $1', [title]);
  const edit = async (id: number, payload: object) => {
    assert.equal((await call(ADMIN, 'PUT', `/api/admin/news-items/${id}/unpublish`)).statusCode, 200);
    const saved = await call(ADMIN, 'PUT', `/api/admin/news-items/${id}`, { payload });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await call(ADMIN, 'PUT', `/api/admin/news-items/${id}/publish`)).statusCode, 200);
    return saved.json();
  };
  const listed = async (id: number) =>
    (await call(CUSTOMER, 'GET', '/api/news-items')).json().items.find((item: { id: number }) => item.id === id);

  test('should answer in the reader’s language while the translation is up to date', async () => {
    const id = await newsId(SHOWN);
    const saved = await edit(id, {
      translations: { fr: { title: 'Rediffusion du webinaire', subtitle: 'Événement', description: '<p>Revoir</p>' } },
    });
    assert.equal(saved.source_language, 'en');
    assert.equal(saved.translations.fr.title, 'Rediffusion du webinaire');
    assert.equal((await listed(id)).title, SHOWN, 'in English for an English reader');

    assert.equal((await call(CUSTOMER, 'PUT', '/api/notifications/preferences', { payload: { language: 'fr' } })).statusCode, 200);
    const french = await listed(id);
    assert.equal(french.language, 'fr');
    assert.equal(french.title, 'Rediffusion du webinaire');
    assert.equal(french.description, '<p>Revoir</p>');
    assert.equal((await call(CUSTOMER, 'GET', `/api/news-items/${id}`)).json().subtitle, 'Événement');

    const changed = await edit(id, { title: 'Webinar replay online' });
    assert.equal(changed.translation_state, 'out_of_date');
    const stale = await listed(id);
    assert.equal(stale.language, 'en');
    assert.equal(stale.title, 'Webinar replay online');
    assert.equal(stale.translation_state, 'out_of_date');
    const outOfDate = (await call(ADMIN, 'GET', '/api/admin/news-items?translation=out_of_date')).json().items;
    assert.deepEqual(
      outOfDate.map((item: { id: number }) => item.id),
      [id],
    );
  });

  test('should refuse a translation in a language the portal does not have', async () => {
    const id = await newsId('Draft: summer release notes');
    const refused = await call(ADMIN, 'PUT', `/api/admin/news-items/${id}`, { payload: { translations: { es: { title: 'Notas' } } } });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(refused.json().message, /Unknown language 'es'/);
  });
});
