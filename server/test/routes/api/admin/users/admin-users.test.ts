import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { USER_MESSAGES } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../../test-support/helper';
import { auditLines, entityId } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

interface ListAnswer {
  items: Array<{ id: number; email: string; entity: { name: string } | null; contact_enable: boolean }>;
  total: number;
  page: number;
  page_size: number;
}

describe(`the users console, /api/admin/users (${DB_KIND})`, () => {
  const hub = signedInApp();
  const { call, forget } = hub;

  const emails = (answer: ListAnswer) => answer.items.map((item) => item.email);
  async function list(url: string, email = 'admin@demo.test'): Promise<ListAnswer> {
    const response = await call(email, 'GET', url);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  test('should refuse every administrator-only users route to contributors and publishers', async () => {
    const nina = await userId('user@northwind.test');
    const routes: Array<['GET' | 'PUT', string]> = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${nina}`],
      ['PUT', `/api/admin/users/${nina}`],
      ['GET', '/api/admin/users/get/no-entity'],
      ['GET', '/api/admin/users/get/contacts/'],
      ['GET', '/api/admin/users/get/displayas/'],
    ];
    for (const email of ['contributor@northwind.test', 'publisher@demo.test', 'consultant@demo.test', 'user@northwind.test']) {
      for (const [method, url] of routes) {
        const response = await call(email, method, url, method === 'PUT' ? { payload: { rights: ['administrator'] } } : {});
        assert.equal(response.statusCode, 403, `${email} ${method} ${url}`);
      }
    }
    // And nothing was changed on the way.
    assert.deepEqual((await call('admin@demo.test', 'GET', `/api/admin/users/${nina}`)).json().rights, ['user']);
  });

  test('should list every user by name, paged, and search in names and emails', async () => {
    const all = await list('/api/admin/users');
    assert.equal(all.total, 6);
    assert.deepEqual(emails(all).slice(0, 2), ['admin@demo.test', 'consultant@demo.test']);
    const paged = await list('/api/admin/users?page=2&page_size=4');
    assert.equal(paged.items.length, 2);
    assert.equal(paged.page, 2);
    assert.deepEqual(emails(await list('/api/admin/users?search=NORTH')), ['contributor@northwind.test', 'user@northwind.test']);
    assert.deepEqual(emails(await list('/api/admin/users?search=chris%20contrib')), ['contributor@northwind.test']);
    // Case and accents folded, as the trigram index of names and emails reads them.
    assert.deepEqual(emails(await list('/api/admin/users?search=N%C3%8FNA%20n')), ['user@northwind.test']);
    // The search's own wildcards are taken literally.
    assert.equal((await list('/api/admin/users?search=%25')).total, 0);
  });

  test('should filter the users lists by highest role, with the search and the entity', async () => {
    const northwind = await entityId('Northwind Traders');
    assert.deepEqual(emails(await list('/api/admin/users?role=administrator')), ['admin@demo.test']);
    assert.deepEqual(emails(await list('/api/admin/users?role=publisher')), ['publisher@demo.test']);
    assert.deepEqual(emails(await list('/api/admin/users?role=contributor')), ['consultant@demo.test', 'contributor@northwind.test']);
    assert.deepEqual(emails(await list(`/api/admin/users/entity/${northwind}?role=user`)), ['user@northwind.test']);
    assert.deepEqual(emails(await list('/api/admin/users?role=user&search=contoso')), ['user@contoso.test']);
    assert.deepEqual(emails(await list('/api/admin/users/get/no-entity?role=administrator')), ['admin@demo.test']);
    assert.equal((await call('admin@demo.test', 'GET', '/api/admin/users?role=superuser')).statusCode, 400);
    // The company page's left list: everyone outside that entity, in another one or in none.
    const outside = emails(await list(`/api/admin/users?not_entity=${northwind}`));
    assert.deepEqual(outside, ['admin@demo.test', 'consultant@demo.test', 'user@contoso.test']);
    assert.deepEqual(emails(await list(`/api/admin/users?not_entity=${northwind}&search=contoso`)), ['user@contoso.test']);
  });

  test('should list the users without entity, the contacts and the people an administrator may display as', async () => {
    assert.deepEqual(emails(await list('/api/admin/users/get/no-entity')).sort(), ['admin@demo.test', 'consultant@demo.test']);
    const contacts = await list('/api/admin/users/get/contacts/');
    assert.deepEqual(emails(contacts), ['consultant@demo.test']);
    assert.ok(contacts.items.every((item) => item.contact_enable));
    const displayable = emails(await list('/api/admin/users/get/displayas/'));
    assert.equal(displayable.length, 5);
    assert.ok(!displayable.includes('admin@demo.test'));
  });

  test('should search and page the display-as list as the picker asks, never offering the administrator themself', async () => {
    const picked = await list('/api/admin/users/get/displayas/?search=user%40northwind&page=1&page_size=8');
    assert.deepEqual(emails(picked), ['user@northwind.test']);
    assert.equal(picked.total, 1);
    assert.deepEqual(emails(await list('/api/admin/users/get/displayas/?search=nina%20north')), ['user@northwind.test']);
    assert.equal((await list('/api/admin/users/get/displayas/?search=admin%40demo')).total, 0);
    const second = await list('/api/admin/users/get/displayas/?page=2&page_size=3');
    assert.equal(second.total, 5);
    assert.equal(second.items.length, 2);
  });

  test("should list an entity's users to an administrator and to that entity's contributor, and refuse another entity's", async () => {
    const northwind = await entityId('Northwind Traders');
    const contoso = await entityId('Contoso');
    const expected = ['contributor@northwind.test', 'user@northwind.test', 'publisher@demo.test'];
    assert.deepEqual(emails(await list(`/api/admin/users/entity/${northwind}`)), expected);
    assert.deepEqual(emails(await list(`/api/admin/users/entity/${northwind}`, 'contributor@northwind.test')), expected);
    assert.deepEqual(emails(await list(`/api/admin/users/entity/${contoso}`)), ['user@contoso.test']);

    const refused = await call('contributor@northwind.test', 'GET', `/api/admin/users/entity/${contoso}`);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, USER_MESSAGES.otherEntity);
    // Even when asking for the other entity in the header: the session guard refuses it first.
    const header = await call('contributor@northwind.test', 'GET', `/api/admin/users/entity/${contoso}`, {
      headers: { 'x-entity-id': String(contoso) },
    });
    assert.equal(header.statusCode, 403);
    assert.equal((await call('user@northwind.test', 'GET', `/api/admin/users/entity/${northwind}`)).statusCode, 403);
    assert.equal((await call('admin@demo.test', 'GET', '/api/admin/users/entity/999999')).statusCode, 404);
  });

  test('should show and update a user, and write the change to the audit log', async () => {
    const nina = await userId('user@northwind.test');
    const contoso = await entityId('Contoso');
    const consultant = await userId('consultant@demo.test');
    const detail = await call('admin@demo.test', 'GET', `/api/admin/users/${nina}`);
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.json().description, null);
    assert.deepEqual(
      detail.json().contacts.map((contact: { id: number }) => contact.id),
      [consultant],
    );

    const updated = await call('admin@demo.test', 'PUT', `/api/admin/users/${nina}`, {
      payload: {
        first_name: 'Nina ',
        rights: ['contributor'],
        welcome_message: 'Welcome to Contoso.',
        contact_enable: true,
        description: '<p>Ask me <strong>anything</strong><script>alert(1)</script></p>',
        entity_id: contoso,
        contacts: [],
        pbi_groups: ['ct-finance'],
      },
    });
    assert.equal(updated.statusCode, 200, updated.body);
    const user = updated.json();
    assert.equal(user.first_name, 'Nina');
    assert.deepEqual(user.rights, ['contributor']);
    assert.equal(user.welcome_message, 'Welcome to Contoso.');
    assert.equal(user.contact_enable, true);
    assert.equal(user.description, '<p>Ask me <strong>anything</strong></p>');
    assert.equal(user.entity.name, 'Contoso');
    assert.deepEqual(user.contacts, []);
    // The report-server name as the group spells it; the membership follows.
    assert.deepEqual(user.pbi_groups, ['CT-Finance']);
    const { rows } = await (
      await testDb()
    ).query<{ name: string }>('SELECT g.name FROM group_users gu JOIN groups g ON g.id = gu.group_id WHERE gu.user_id = $1', [nina]);
    assert.deepEqual(
      rows.map((row) => row.name),
      ['Contoso finance'],
    );

    const [line] = await auditLines('user.update');
    assert.equal(line!.item_id, nina);
    assert.equal(line!.actor_id, await userId('admin@demo.test'));
    assert.deepEqual(line!.details!.rights, ['contributor']);

    // The user now answers as a Contoso contributor.
    forget();
    const me = (await call('user@northwind.test', 'GET', '/api/auth/user')).json();
    assert.equal(me.entity.name, 'Contoso');
    assert.deepEqual(me.rights, ['contributor']);
  });

  test('should refuse unknown role names, references that do not exist and an administrator dropping their own right', async () => {
    const nina = await userId('user@northwind.test');
    const admin = await userId('admin@demo.test');
    const publisher = await userId('publisher@demo.test');
    const cases: Array<[number, object, RegExp]> = [
      [nina, { rights: ['superuser'] }, /rights/],
      [nina, { rights: [] }, /rights/],
      [nina, { entity_id: 999999 }, /entity_id/],
      [nina, { contacts: [publisher] }, /contacts/],
      [nina, { contacts: [nina] }, /contacts/],
      [nina, { pbi_groups: ['NW-Unknown'] }, /pbi_groups/],
      [admin, { rights: ['contributor'] }, /own administrator right/],
    ];
    for (const [id, payload, message] of cases) {
      const response = await call('admin@demo.test', 'PUT', `/api/admin/users/${id}`, { payload });
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.match(response.json().message, message, JSON.stringify(payload));
    }
    // Refused writes change nothing and leave no audit line.
    const detail = (await call('admin@demo.test', 'GET', `/api/admin/users/${nina}`)).json();
    assert.deepEqual(detail.rights, ['user']);
    assert.equal(detail.entity.name, 'Northwind Traders');
    assert.deepEqual(await auditLines('user.update'), []);
    assert.equal((await call('admin@demo.test', 'PUT', '/api/admin/users/999999', { payload: { first_name: 'X' } })).statusCode, 404);
  });

  test('should roll the change back with its audit line when the audit cannot be written', async () => {
    const nina = await userId('user@northwind.test');
    // Signed in first: signing in writes an audit line too, through the same repository.
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/users/${nina}`)).statusCode, 200);
    const original = hub.app.auditRepository.record;
    hub.app.auditRepository.record = async () => {
      throw new Error('audit store unavailable');
    };
    try {
      const response = await call('admin@demo.test', 'PUT', `/api/admin/users/${nina}`, { payload: { first_name: 'Changed' } });
      assert.equal(response.statusCode, 500);
    } finally {
      hub.app.auditRepository.record = original;
    }
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/users/${nina}`)).json().first_name, 'Nina');
  });
});
