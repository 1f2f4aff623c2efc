import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ENTITY_MESSAGES } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../../test-support/helper';
import { auditLines, entityId, insertImage } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

describe(`entities: GET /api/entities and the entities console (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const names = (body: { items: Array<{ name: string }> }) => body.items.map((item) => item.name);

  test('should list all entities with their user counts to an administrator, and their own to anyone else', async () => {
    const all = await call('admin@demo.test', 'GET', '/api/entities');
    assert.equal(all.statusCode, 200);
    assert.deepEqual(
      all.json().items.map((entity: { name: string; users_count: number; slug: string }) => [entity.name, entity.users_count, entity.slug]),
      [
        ['Contoso', 1, 'contoso'],
        ['Northwind Traders', 3, 'northwind-traders'],
      ],
    );
    assert.deepEqual(names((await call('user@northwind.test', 'GET', '/api/entities')).json()), ['Northwind Traders']);
    assert.deepEqual(names((await call('contributor@northwind.test', 'GET', '/api/entities')).json()), ['Northwind Traders']);
    assert.deepEqual(names((await call('user@contoso.test', 'GET', '/api/entities')).json()), ['Contoso']);
    assert.deepEqual((await call('consultant@demo.test', 'GET', '/api/entities')).json().items, []);
    // Display-as answers as the displayed user.
    const asCarl = { 'display-as-user-id': String(await userId('user@contoso.test')) };
    assert.deepEqual(names((await call('admin@demo.test', 'GET', '/api/entities', { headers: asCarl })).json()), ['Contoso']);
    assert.deepEqual(names((await call('admin@demo.test', 'GET', '/api/entities?search=north')).json()), ['Northwind Traders']);
  });

  test('should refuse the entities console to contributors and publishers', async () => {
    const contoso = await entityId('Contoso');
    const nina = await userId('user@northwind.test');
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/api/admin/entities'],
      ['POST', '/api/admin/entities', { name: 'Fabrikam' }],
      ['GET', `/api/admin/entities/${contoso}`],
      ['PUT', `/api/admin/entities/${contoso}`, { name: 'Renamed' }],
      ['DELETE', `/api/admin/entities/${contoso}`],
      ['PUT', `/api/admin/entities/${contoso}/user/add/${nina}`],
    ];
    for (const email of ['contributor@northwind.test', 'publisher@demo.test']) {
      for (const [method, url, payload] of calls)
        assert.equal((await call(email, method, url, { payload })).statusCode, 403, `${email} ${method} ${url}`);
    }
    assert.deepEqual(names((await call('admin@demo.test', 'GET', '/api/admin/entities')).json()), ['Contoso', 'Northwind Traders']);
  });

  test('should create, show, rename and delete an entity, each write audited', async () => {
    const logo = await insertImage('logo', 'Fabrikam logo');
    const created = await call('admin@demo.test', 'POST', '/api/admin/entities', {
      payload: { name: ' Fabrikam & Co ', logo_id: logo, provider_name: 'default' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const entity = created.json();
    assert.equal(entity.name, 'Fabrikam & Co');
    assert.equal(entity.slug, 'fabrikam-co');
    assert.equal(entity.logo.id, logo);
    assert.equal(entity.provider_name, 'default');
    assert.equal(entity.users_count, 0);
    assert.ok(!('users' in entity), 'the details count the users, the users are paged by /users/entity/{id}');

    const renamed = await call('admin@demo.test', 'PUT', `/api/admin/entities/${entity.id}`, {
      payload: { name: 'Fabrikam', logo_id: null },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().name, 'Fabrikam');
    assert.equal(renamed.json().logo, null);
    assert.equal(renamed.json().slug, 'fabrikam-co', 'the slug stays');
    assert.equal(renamed.json().provider_name, 'default', 'an omitted field stays');

    const shown = await call('admin@demo.test', 'GET', `/api/admin/entities/${entity.id}`);
    assert.equal(shown.json().name, 'Fabrikam');
    assert.deepEqual(Object.keys(shown.json()).sort(), [
      'id',
      'logo',
      'name',
      'provider_name',
      'reply_target_hours',
      'slug',
      'users_count',
    ]);

    assert.equal((await call('admin@demo.test', 'DELETE', `/api/admin/entities/${entity.id}`)).statusCode, 204);
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/entities/${entity.id}`)).statusCode, 404);
    assert.equal((await call('admin@demo.test', 'DELETE', `/api/admin/entities/${entity.id}`)).statusCode, 404);

    for (const action of ['entity.create', 'entity.update', 'entity.delete']) {
      const lines = await auditLines(action);
      assert.equal(lines.length, 1, action);
      assert.equal(lines[0]!.item_id, entity.id, action);
    }
  });

  test('should refuse a name taken (409), a logo that is not a logo and an unknown provider (400)', async () => {
    const taken = await call('admin@demo.test', 'POST', '/api/admin/entities', { payload: { name: 'contoso' } });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().message, ENTITY_MESSAGES.nameTaken);
    const northwind = await entityId('Northwind Traders');
    assert.equal(
      (await call('admin@demo.test', 'PUT', `/api/admin/entities/${northwind}`, { payload: { name: 'CONTOSO' } })).statusCode,
      409,
    );
    // Its own name in another case is no conflict.
    assert.equal(
      (await call('admin@demo.test', 'PUT', `/api/admin/entities/${northwind}`, { payload: { name: 'NORTHWIND TRADERS' } })).statusCode,
      200,
    );

    const banner = await insertImage('banner');
    const notLogo = await call('admin@demo.test', 'POST', '/api/admin/entities', { payload: { name: 'Fabrikam', logo_id: banner } });
    assert.equal(notLogo.statusCode, 400);
    assert.equal(notLogo.json().message, ENTITY_MESSAGES.logoNotFound);
    const provider = await call('admin@demo.test', 'POST', '/api/admin/entities', { payload: { name: 'Fabrikam', provider_name: 'nope' } });
    assert.equal(provider.statusCode, 400);
    assert.equal((await call('admin@demo.test', 'POST', '/api/admin/entities', { payload: { name: '   ' } })).statusCode, 400);
    assert.equal((await call('admin@demo.test', 'POST', '/api/admin/entities', { payload: {} })).statusCode, 400);
    assert.deepEqual(await auditLines('entity.create'), []);
  });

  test('should give two entities whose names make the same slug two slugs', async () => {
    const first = (await call('admin@demo.test', 'POST', '/api/admin/entities', { payload: { name: 'Café Noir' } })).json();
    const second = (await call('admin@demo.test', 'POST', '/api/admin/entities', { payload: { name: 'Cafe-Noir' } })).json();
    assert.equal(first.slug, 'cafe-noir');
    assert.equal(second.slug, 'cafe-noir-2');
  });

  test('should add a user to an entity (moving them from theirs) and remove them, audited', async () => {
    const contoso = await entityId('Contoso');
    const northwind = await entityId('Northwind Traders');
    const nina = await userId('user@northwind.test');

    const usersOf = async (entity: number) =>
      (await call('admin@demo.test', 'GET', `/api/admin/users/entity/${entity}?page_size=100`))
        .json()
        .items.map((user: { email: string }) => user.email) as string[];
    const countOf = async (entity: number) => (await call('admin@demo.test', 'GET', `/api/admin/entities/${entity}`)).json().users_count;
    assert.equal(await countOf(northwind), 3);

    const added = await call('admin@demo.test', 'PUT', `/api/admin/entities/${contoso}/user/add/${nina}`);
    assert.equal(added.statusCode, 200, added.body);
    assert.equal(added.json().users_count, 2);
    assert.ok(!('users' in added.json()));
    assert.deepEqual((await usersOf(contoso)).sort(), ['user@contoso.test', 'user@northwind.test']);
    assert.ok(!(await usersOf(northwind)).includes('user@northwind.test'));
    assert.equal(await countOf(northwind), 2);
    // Adding her again changes nothing, and is not audited twice.
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/entities/${contoso}/user/add/${nina}`)).json().users_count, 2);
    assert.equal((await auditLines('entity.user.add')).length, 1);
    assert.deepEqual((await auditLines('entity.user.add'))[0]!.details, { user_id: nina, previous_entity_id: northwind });

    // Not in Northwind any more: removing her from there is a 404, and changes nothing.
    const notThere = await call('admin@demo.test', 'PUT', `/api/admin/entities/${northwind}/user/remove/${nina}`);
    assert.equal(notThere.statusCode, 404);
    assert.equal(notThere.json().message, ENTITY_MESSAGES.userNotInEntity);

    const removed = await call('admin@demo.test', 'PUT', `/api/admin/entities/${contoso}/user/remove/${nina}`);
    assert.equal(removed.statusCode, 200);
    assert.equal(removed.json().users_count, 1);
    assert.deepEqual(await usersOf(contoso), ['user@contoso.test']);
    const { rows } = await (await testDb()).query<{ entity_id: number | null }>('SELECT entity_id FROM users WHERE id = $1', [nina]);
    assert.equal(rows[0]!.entity_id, null);
    assert.equal((await auditLines('entity.user.remove')).length, 1);

    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/entities/999999/user/add/${nina}`)).statusCode, 404);
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/entities/${contoso}/user/add/999999`)).statusCode, 404);
  });

  test('should leave the users of a deleted entity without an entity', async () => {
    const contoso = await entityId('Contoso');
    assert.equal((await call('admin@demo.test', 'DELETE', `/api/admin/entities/${contoso}`)).statusCode, 204);
    const carl = (await call('admin@demo.test', 'GET', `/api/admin/users/${await userId('user@contoso.test')}`)).json();
    assert.equal(carl.entity, null);
    assert.deepEqual((await auditLines('entity.delete'))[0]!.details, { name: 'Contoso', users_count: 1 });
  });
});
