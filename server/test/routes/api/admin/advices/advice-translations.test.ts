import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../../test-support/helper';
import { audited, count, rowId } from '../../../../test-support/content-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const PUBLISHER = 'publisher@demo.test';
const CUSTOMER = 'user@northwind.test';
/** Published, shown to CUSTOMER. */
const SHOWN = 'Speed up your monthly sales report';

describe(`advices in both languages (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const adviceId = (title: string) => rowId('SELECT id FROM advices WHERE title = $1', [title]);
  const setLanguage = async (email: string, language: 'en' | 'fr') => {
    const saved = await call(email, 'PUT', '/api/notifications/preferences', { payload: { language } });
    assert.equal(saved.statusCode, 200, saved.body);
  };
  const edit = async (id: number, payload: object) => {
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/unpublish`)).statusCode, 200);
    const saved = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/publish`)).statusCode, 200);
    return saved.json();
  };
  const read = async (id: number) => {
    const answer = await call(CUSTOMER, 'GET', `/api/advices/${id}`);
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json();
  };
  const FRENCH = { title: 'Accélérez votre rapport mensuel', subtitle: 'En trois étapes', description: '<p>Bonjour</p><script>x</script>' };

  test('should take the author’s language as the source, and keep the translation beside it', async () => {
    await setLanguage(PUBLISHER, 'fr');
    const created = await call(PUBLISHER, 'POST', '/api/admin/advices', {
      payload: {
        title: 'Nettoyez vos doublons',
        entity_id: await rowId('SELECT id FROM entities WHERE name = $1', ['Northwind Traders']),
        translations: { en: { title: 'Clean up your duplicates', description: '<p>Hi</p>' } },
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const advice = created.json();
    assert.equal(advice.source_language, 'fr');
    assert.equal(advice.language, 'fr');
    assert.equal(advice.title, 'Nettoyez vos doublons');
    assert.equal(advice.translation_state, 'up_to_date');
    assert.equal(advice.translations.en.title, 'Clean up your duplicates');
    assert.equal(advice.translations.en.description, '<p>Hi</p>');
    assert.equal(advice.translations.en.state, 'up_to_date');
    assert.equal(advice.translations.fr, undefined);
    // Without a choice, the author's language: English for the contributor.
    const plain = await call(CONTRIBUTOR, 'POST', '/api/admin/advices', { payload: { title: 'Plain' } });
    assert.equal(plain.json().source_language, 'en');
    assert.equal(plain.json().translation_state, 'missing');
    assert.deepEqual(plain.json().translations, {});
  });

  test('should refuse an unknown language and a translation in the source language with 400', async () => {
    const id = await adviceId('Draft: access rights policy');
    const unknown = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { translations: { de: { title: 'Zugriff' } } } });
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.match(unknown.json().message, /Unknown language 'de'/);
    const same = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { translations: { en: { title: 'Access' } } } });
    assert.equal(same.statusCode, 400, same.body);
    assert.match(same.json().message, /source language/);
    const badLanguage = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { source_language: 'de' } });
    assert.equal(badLanguage.statusCode, 400, badLanguage.body);
    const blank = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { translations: { fr: { title: ' ' } } } });
    assert.equal(blank.statusCode, 400, blank.body);
    const read = await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${id}`);
    assert.equal(read.json().translation_state, 'missing', 'nothing kept from the refused calls');
  });

  test('should answer the customer in their language, with the language given, and the source otherwise', async () => {
    const id = await adviceId(SHOWN);
    await edit(id, { translations: { fr: FRENCH } });
    const inEnglish = await read(id);
    assert.equal(inEnglish.language, 'en');
    assert.equal(inEnglish.title, SHOWN);
    assert.equal(inEnglish.translations, undefined, 'the console’s part is not sent to customers');

    await setLanguage(CUSTOMER, 'fr');
    const inFrench = await read(id);
    assert.equal(inFrench.language, 'fr');
    assert.equal(inFrench.title, FRENCH.title);
    assert.equal(inFrench.subtitle, FRENCH.subtitle);
    assert.equal(inFrench.description, '<p>Bonjour</p>', 'sanitised as the source is');
    const listed = (await call(CUSTOMER, 'GET', '/api/advices')).json().items.find((item: { id: number }) => item.id === id);
    assert.equal(listed.title, FRENCH.title);
    assert.equal(listed.language, 'fr');

    // Another advice has no French: it comes in English, and says so.
    const other = (await call(CUSTOMER, 'GET', '/api/advices')).json().items.find((item: { id: number }) => item.id !== id);
    assert.equal(other.language, 'en');
    assert.equal(other.translation_state, 'missing');
  });

  test('should mark the translation out of date when the source changes, until it is saved again', async () => {
    const id = await adviceId(SHOWN);
    await edit(id, { translations: { fr: FRENCH } });
    await setLanguage(CUSTOMER, 'fr');
    // A save that leaves the texts as they were keeps the translation up to date.
    assert.equal((await edit(id, { pinned: true, title: SHOWN })).translation_state, 'up_to_date');

    const changed = await edit(id, { description: '<p>New steps</p>' });
    assert.equal(changed.translation_state, 'out_of_date');
    assert.equal(changed.translations.fr.state, 'out_of_date');
    assert.equal(changed.translations.fr.title, FRENCH.title, 'the translation is kept');
    const reader = await read(id);
    assert.equal(reader.language, 'en', 'the reader gets the current text');
    assert.equal(reader.translation_state, 'out_of_date');
    assert.equal(reader.description, '<p>New steps</p>');

    const filtered = async (translation: string) =>
      (await call(CONTRIBUTOR, 'GET', `/api/admin/advices?translation=${translation}`)).json().items.map((item: { id: number }) => item.id);
    assert.ok((await filtered('out_of_date')).includes(id));
    assert.ok(!(await filtered('up_to_date')).includes(id));
    assert.ok(!(await filtered('missing')).includes(id));
    assert.ok((await filtered('missing')).includes(await adviceId('Draft: access rights policy')));
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/advices?translation=stale')).statusCode, 400);

    const again = await edit(id, { translations: { fr: { ...FRENCH, description: '<p>Nouvelles étapes</p>' } } });
    assert.equal(again.translation_state, 'up_to_date');
    const translated = await read(id);
    assert.equal(translated.language, 'fr');
    assert.equal(translated.description, '<p>Nouvelles étapes</p>');
    assert.ok((await filtered('up_to_date')).includes(id));
    assert.deepEqual((await audited('advice.update', id)).at(-1)?.details, { fields: ['translations'] });
  });

  test('should keep the translation of an old client’s save, and remove it only when asked', async () => {
    const id = await adviceId('Draft: access rights policy');
    const saved = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { translations: { fr: { title: 'Droits' } } } });
    assert.equal(saved.statusCode, 200, saved.body);
    const old = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { pinned: true } });
    assert.equal(old.json().translations.fr.title, 'Droits');
    const removed = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { translations: { fr: null } } });
    assert.equal(removed.json().translation_state, 'missing');
    assert.deepEqual(removed.json().translations, {});
  });

  test('should swap the two languages when the source language changes', async () => {
    const id = await adviceId('Draft: access rights policy');
    await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, {
      payload: { translations: { fr: { title: 'Politique des droits', subtitle: null, description: '<p>Texte</p>' } } },
    });
    const before = (await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${id}`)).json();
    const swapped = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { source_language: 'fr' } });
    assert.equal(swapped.statusCode, 200, swapped.body);
    const advice = swapped.json();
    assert.equal(advice.source_language, 'fr');
    assert.equal(advice.title, 'Politique des droits');
    assert.equal(advice.description, '<p>Texte</p>');
    assert.equal(advice.translations.en.title, before.title);
    assert.equal(advice.translations.en.description, before.description);
    assert.equal(advice.translation_state, 'up_to_date');
    assert.equal(advice.translations.fr, undefined);

    // Without a translation in the new language, the texts are only relabelled.
    const plain = (await call(CONTRIBUTOR, 'POST', '/api/admin/advices', { payload: { title: 'Mal étiqueté' } })).json();
    const relabelled = (await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${plain.id}`, { payload: { source_language: 'fr' } })).json();
    assert.equal(relabelled.source_language, 'fr');
    assert.equal(relabelled.title, 'Mal étiqueté');
    assert.equal(relabelled.translation_state, 'missing');
  });

  test('should title the notification in the person’s language when the translation is up to date', async () => {
    const id = await adviceId('Draft: access rights policy');
    await setLanguage(CUSTOMER, 'fr');
    const saved = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, {
      payload: { translations: { fr: { title: 'Politique des droits' } } },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/publish`)).statusCode, 200);
    const titles = async (email: string) =>
      (await call(email, 'GET', '/api/notifications'))
        .json()
        .items.flatMap((item: { path: string; title: string }) => (item.path.endsWith(`/${id}`) ? [item.title] : []));
    assert.deepEqual(await titles(CUSTOMER), ['Politique des droits']);
    // Another reader of the advice, in English.
    assert.deepEqual(await titles('publisher@demo.test'), ['Draft: access rights policy']);
  });

  test('should take the translation away with its advice', async () => {
    const id = await adviceId('Draft: access rights policy');
    await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { translations: { fr: { title: 'Droits' } } } });
    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/advices/${id}`)).statusCode, 204);
    assert.equal(
      await count(`SELECT count(*)::int AS count FROM content_translations WHERE item_type = 'advice' AND item_id = $1`, [id]),
      0,
    );
  });
});
