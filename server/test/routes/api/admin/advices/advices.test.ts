import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PUBLICATION } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../../test-support/helper';
import { audited, breakAuditLog, count, rowId } from '../../../../test-support/content-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const ADMIN = 'admin@demo.test';

describe(`admin advices (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const adviceId = (title: string) => rowId('SELECT id FROM advices WHERE title = $1', [title]);
  const entityId = (name: string) => rowId('SELECT id FROM entities WHERE name = $1', [name]);
  const create = (email: string, payload: object, headers?: Record<string, string>) =>
    call(email, 'POST', '/api/admin/advices', { payload, headers });

  test('should create a draft for the user audience in the contributor entity, and audit it', async () => {
    const created = await create(CONTRIBUTOR, { title: 'Tune your refresh', description: '<p>Hello</p>' });
    assert.equal(created.statusCode, 201, created.body);
    const advice = created.json();
    assert.equal(advice.status, PUBLICATION.draft);
    assert.equal(advice.audience_type, 'user');
    assert.equal(advice.pinned, false);
    assert.equal(advice.entity.name, 'Northwind Traders');
    assert.deepEqual(advice.sources.users, []);
    const [line] = await audited('advice.create', advice.id);
    assert.equal(line?.actor_id, await userId(CONTRIBUTOR));
    // A draft is not shown to users.
    const seen = await call('user@northwind.test', 'GET', `/api/advices/${advice.id}`);
    assert.equal(seen.statusCode, 404);
  });

  test('should keep no advice when its audit line cannot be written', async () => {
    // Signed in first: the sign-in writes an audit line too.
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/auth/user')).statusCode, 200);
    const restore = await breakAuditLog();
    try {
      const refused = await create(CONTRIBUTOR, { title: 'Never stored' });
      assert.equal(refused.statusCode, 500);
    } finally {
      await restore();
    }
    assert.equal(await count(`SELECT count(*)::int AS count FROM advices WHERE title = 'Never stored'`), 0);
  });

  test('should publish and unpublish (16 and 0), visible to users only while published', async () => {
    const id = await adviceId('Draft: access rights policy');
    const published = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/publish`);
    assert.equal(published.statusCode, 200, published.body);
    assert.equal(published.json().status, 16);
    assert.equal((await call('user@northwind.test', 'GET', `/api/advices/${id}`)).statusCode, 200);
    const unpublished = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/unpublish`);
    assert.equal(unpublished.json().status, 0);
    assert.equal((await call('user@northwind.test', 'GET', `/api/advices/${id}`)).statusCode, 404);
    assert.equal((await audited('advice.publish', id)).length, 1);
    assert.equal((await audited('advice.unpublish', id)).length, 1);
  });

  test('should delete a published advice without changing it to draft first, and take it out of the customers’ lists', async () => {
    const id = await adviceId('Speed up your monthly sales report');
    const listed = async () =>
      ((await call('user@northwind.test', 'GET', '/api/advices')).json() as { items: { id: number }[] }).items.map((item) => item.id);
    assert.ok((await listed()).includes(id), 'published and shown to the customer before');
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${id}`)).json().status, PUBLICATION.published);

    const deleted = await call(CONTRIBUTOR, 'DELETE', `/api/admin/advices/${id}`);
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.equal(await count('SELECT count(*)::int AS count FROM advices WHERE id = $1', [id]), 0);
    assert.ok(!(await listed()).includes(id), 'gone from the customer’s list');
    assert.equal((await call('user@northwind.test', 'GET', `/api/advices/${id}`)).statusCode, 404);
    assert.equal((await audited('advice.unpublish', id)).length, 0, 'not changed to draft on the way');
    assert.deepEqual((await audited('advice.delete', id))[0]?.details, { title: 'Speed up your monthly sales report' });
  });

  test('should refuse to edit a published advice with 409, and edit it once back to draft', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    const refused = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { title: 'Changed' } });
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(refused.json(), { statusCode: 409, error: 'Conflict', message: 'Only items in draft can be edited' });
    assert.equal((await audited('advice.update', id)).length, 0);
    await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/unpublish`);
    const edited = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { title: 'Changed', pinned: true } });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().title, 'Changed');
    assert.equal(edited.json().pinned, true);
    assert.equal(edited.json().subtitle, 'A quarterly check worth doing');
    assert.deepEqual((await audited('advice.update', id))[0]?.details, { fields: ['title', 'pinned'] });
  });

  test('should read an unknown status as draft: hidden from users, editable, listed as draft', async () => {
    const id = await adviceId('Clean up duplicate customer records');
    await (await testDb()).query('UPDATE advices SET status = 7 WHERE id = $1', [id]);
    const shown = await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${id}`);
    assert.equal(shown.json().status, PUBLICATION.draft);
    assert.equal((await call('user@northwind.test', 'GET', `/api/advices/${id}`)).statusCode, 404);
    const drafts = await call(CONTRIBUTOR, 'GET', '/api/admin/advices?status=0');
    assert.ok(drafts.json().items.some((advice: { id: number }) => advice.id === id));
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}`, { payload: { subtitle: 'ok' } })).statusCode, 200);
  });

  test('should accept a description of 9999 characters and refuse 10000 with the real length', async () => {
    const accepted = await create(CONTRIBUTOR, { title: 'Long', description: 'a'.repeat(9999) });
    assert.equal(accepted.statusCode, 201, accepted.body);
    assert.equal(accepted.json().description.length, 9999);
    const refused = await create(CONTRIBUTOR, { title: 'Too long', description: 'a'.repeat(10000) });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Description is too long ! (10000/9999)',
      errors: [{ field: 'description', message: 'Description is too long ! (10000/9999)' }],
    });
    const alsoOnUpdate = await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${accepted.json().id}`, {
      payload: { description: 'b'.repeat(12345) },
    });
    assert.equal(alsoOnUpdate.json().message, 'Description is too long ! (12345/9999)');
    assert.equal(await count(`SELECT count(*)::int AS count FROM advices WHERE title = 'Too long'`), 0);
  });

  test('should sanitise the description: no script, event handler, style, frame or javascript: link reaches the database', async () => {
    const dirty = [
      '<p onclick="steal()">Hello <strong>team</strong><script>alert(1)</script></p>',
      '<img src="x" onerror="alert(2)">',
      '<img src="https://cdn.example.com/a.png" alt="chart">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
      '<a href="javascript:alert(3)">bad</a> <a href="vbscript:msgbox">bad2</a>',
      '<a href="https://example.com">ok</a> <a href="mailto:a@b.test">mail</a> <a href="tel:+331234">tel</a> <a href="ftp://x">ftp</a>',
      '<style>body{display:none}</style><iframe src="https://evil.test"></iframe><p style="color:red">styled</p>',
    ].join('');
    const created = await create(CONTRIBUTOR, { title: 'Dirty', description: dirty });
    assert.equal(created.statusCode, 201, created.body);
    const { rows } = await (
      await testDb()
    ).query<{ description: string }>('SELECT description FROM advices WHERE id = $1', [created.json().id]);
    const stored = rows[0]!.description;
    for (const forbidden of [
      /<script/i,
      /onclick/i,
      /onerror/i,
      /javascript:/i,
      /vbscript:/i,
      /<style/i,
      /<iframe/i,
      /style=/i,
      /svg/i,
      /ftp:/i,
      /src="x"/,
    ]) {
      assert.doesNotMatch(stored, forbidden, stored);
    }
    for (const kept of [
      '<strong>team</strong>',
      'src="https://cdn.example.com/a.png"',
      'src="data:image/png;base64,iVBORw0KGgo="',
      'href="https://example.com"',
      'href="mailto:a@b.test"',
      'href="tel:+331234"',
      'styled',
    ]) {
      assert.ok(stored.includes(kept), `${kept} in ${stored}`);
    }
  });

  test('should name a missing or blank required field', async () => {
    const missing = await create(CONTRIBUTOR, { subtitle: 'no title' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'title: This field is required',
      errors: [{ field: 'title', message: 'This field is required' }],
    });
    assert.equal((await create(CONTRIBUTOR, { title: '' })).json().message, 'title: This field is required');
    assert.equal((await create(CONTRIBUTOR, { title: '   ' })).json().message, 'title: This field is required');
    assert.equal((await create(CONTRIBUTOR, { title: 'x'.repeat(256) })).json().message, 'title: Invalid length, maximum length is 255');
    assert.equal((await create(CONTRIBUTOR, { title: 'ok', category_id: 999999 })).json().message, 'category_id: No such item (999999)');
  });

  test("should answer 404 for another entity's advice to a contributor, and let an administrator manage it", async () => {
    const contoso = await adviceId('Contoso: archive closed projects');
    for (const [method, url] of [
      ['GET', `/api/admin/advices/${contoso}`],
      ['PUT', `/api/admin/advices/${contoso}/publish`],
      ['PUT', `/api/admin/advices/${contoso}/unpublish`],
      ['DELETE', `/api/admin/advices/${contoso}`],
      ['GET', `/api/admin/advices/${contoso}/users`],
      ['PUT', `/api/admin/advices/${contoso}/users/clear`],
    ] as const) {
      const refused = await call(CONTRIBUTOR, method, url);
      assert.equal(refused.statusCode, 404, `${method} ${url}`);
    }
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${contoso}`, { payload: { title: 'x' } })).statusCode, 404);
    assert.equal((await call(ADMIN, 'GET', `/api/admin/advices/${contoso}`)).statusCode, 200);
    const deleted = await call(ADMIN, 'DELETE', `/api/admin/advices/${contoso}`);
    assert.equal(deleted.statusCode, 204);
    assert.equal(await count('SELECT count(*)::int AS count FROM advices WHERE id = $1', [contoso]), 0);
    assert.equal((await audited('advice.delete', contoso)).length, 1);
  });

  test('should list the entity in force with drafts; all entities for an administrator without one', async () => {
    const contributor = (await call(CONTRIBUTOR, 'GET', '/api/admin/advices')).json();
    assert.equal(contributor.total, 4);
    assert.ok(contributor.items.every((advice: { entity: { name: string } }) => advice.entity.name === 'Northwind Traders'));
    assert.ok(contributor.items.some((advice: { status: number }) => advice.status === PUBLICATION.draft));
    assert.equal((await call(ADMIN, 'GET', '/api/admin/advices')).json().total, 6);
    const contoso = await call(ADMIN, 'GET', '/api/admin/advices', { headers: { 'x-entity-id': String(await entityId('Contoso')) } });
    assert.equal(contoso.json().total, 2);
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/advices?status=16&search=CLEAN')).json().total, 1);
    // Another entity's id in X-Entity-ID is refused to a contributor by the session guard.
    const refused = await call(CONTRIBUTOR, 'GET', '/api/admin/advices', { headers: { 'x-entity-id': String(await entityId('Contoso')) } });
    assert.equal(refused.statusCode, 403);
  });

  test('should create in the named or selected entity for an administrator, and refuse another entity to a contributor', async () => {
    const contoso = await entityId('Contoso');
    assert.equal((await create(ADMIN, { title: 'Named', entity_id: contoso })).json().entity.name, 'Contoso');
    assert.equal((await create(ADMIN, { title: 'Selected' }, { 'x-entity-id': String(contoso) })).json().entity.name, 'Contoso');
    assert.equal((await create(ADMIN, { title: 'Nowhere' })).json().message, 'entity_id: This field is required');
    assert.equal((await create(CONTRIBUTOR, { title: 'Elsewhere', entity_id: contoso })).statusCode, 403);
    assert.equal((await create('consultant@demo.test', { title: 'No entity' })).statusCode, 403);
    assert.equal((await create('user@northwind.test', { title: 'Plain user' })).statusCode, 403);
  });

  test('should keep sources.users consistent through set-unique, add, remove and clear', async () => {
    const id = await adviceId('Your personal KPI review');
    const nina = await userId('user@northwind.test');
    const chris = await userId(CONTRIBUTOR);
    const paula = await userId('publisher@demo.test');
    const users = async () => (await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${id}`)).json().sources.users as number[];
    const put = (path: string) => call(CONTRIBUTOR, 'PUT', `/api/admin/advices/${id}/users/${path}`);

    assert.deepEqual(
      (await put(`add/${chris}`)).json().sources.users,
      [nina, chris].sort((a, b) => a - b),
    );
    assert.equal((await put(`add/${chris}`)).statusCode, 200, 'add is idempotent');
    assert.deepEqual(
      await users(),
      [nina, chris].sort((a, b) => a - b),
    );
    assert.deepEqual((await put(`set-unique/${paula}`)).json().sources.users, [paula]);
    assert.deepEqual((await put(`remove/${paula}`)).json().sources.users, []);
    await put(`add/${nina}`);
    await put(`add/${chris}`);
    assert.deepEqual((await put('clear')).json().sources.users, []);
    // A user of another entity cannot be a recipient.
    assert.equal((await put(`add/${await userId('user@contoso.test')}`)).statusCode, 404);
    assert.equal((await put('add/999999')).statusCode, 404);
    assert.equal((await audited('advice.users.add', id)).length, 4);
    assert.equal((await audited('advice.users.clear', id)).length, 1);

    // The audience decides who sees a 'user' advice.
    await put(`set-unique/${nina}`);
    assert.equal((await call('user@northwind.test', 'GET', `/api/advices/${id}`)).statusCode, 200);
    await put(`set-unique/${paula}`);
    assert.equal((await call('user@northwind.test', 'GET', `/api/advices/${id}`)).statusCode, 404);
  });

  test("should list the entity's users with the recipients selected", async () => {
    const id = await adviceId('Your personal KPI review');
    const list = await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${id}/users`);
    assert.equal(list.statusCode, 200, list.body);
    const items = list.json().items as Array<{ email: string; selected: boolean }>;
    assert.deepEqual(
      items.filter((user) => user.selected).map((user) => user.email),
      ['user@northwind.test'],
    );
    assert.ok(items.some((user) => user.email === CONTRIBUTOR && !user.selected));
    assert.ok(!items.some((user) => user.email === 'user@contoso.test'));
  });

  test("should answer a user's entity advices with their sources, and 404 for a user of another entity", async () => {
    const nina = await userId('user@northwind.test');
    const answer = await call(CONTRIBUTOR, 'GET', `/api/admin/users/${nina}/advices-with-sources`);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.json().total, 4);
    const personal = answer.json().items.find((advice: { title: string }) => advice.title === 'Your personal KPI review');
    assert.deepEqual(personal.sources.users, [nina]);
    assert.equal(
      (await call(CONTRIBUTOR, 'GET', `/api/admin/users/${await userId('user@contoso.test')}/advices-with-sources`)).statusCode,
      404,
    );
    assert.equal((await call(ADMIN, 'GET', `/api/admin/users/${await userId('user@contoso.test')}/advices-with-sources`)).json().total, 2);
  });

  test('should record who acted as whom while an administrator displays a contributor', async () => {
    const chris = await userId(CONTRIBUTOR);
    const created = await create(ADMIN, { title: 'As Chris' }, { 'display-as-user-id': String(chris) });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().entity.name, 'Northwind Traders');
    const [line] = await audited('advice.create', created.json().id);
    assert.equal(line?.actor_id, await userId(ADMIN));
    assert.equal(line?.display_as_user_id, chris);
  });

  test('should find a title by part of a word, case and accents folded (the trigram index of the title)', async () => {
    const created = await create(CONTRIBUTOR, { title: 'Éléments du reporting', description: '<p>Body</p>' });
    assert.equal(created.statusCode, 201, created.body);
    const titles = async (search: string) =>
      ((await call(CONTRIBUTOR, 'GET', `/api/admin/advices?search=${encodeURIComponent(search)}`)).json().items as { title: string }[]).map(
        (advice) => advice.title,
      );
    // Inside a word, without its accents, in capitals: neither full text nor a plain ILIKE finds it.
    assert.deepEqual(await titles('LEMENTS DU'), ['Éléments du reporting']);
    assert.deepEqual(await titles('éléments'), ['Éléments du reporting']);
    // The pattern's own wildcards are taken literally.
    assert.deepEqual(await titles('l_ments'), []);
    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/advices/${created.json().id}`)).statusCode, 204);
  });
});
