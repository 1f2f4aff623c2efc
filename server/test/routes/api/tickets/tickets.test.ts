import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TICKET_MESSAGES } from '@hub/shared/api';
import { build, DB_KIND, userId } from '../../../test-support/helper';
import { auditLines, entityId, idOf } from '../../../test-support/caller';
import { loginAs, startTestIdp } from '../../../test-support/test-idp';
import { signedInApp } from '../../../test-support/signed-in-app';

interface TicketAnswer {
  id: number;
  title: string;
  status: string;
  entity: { name: string } | null;
  author: { email: string } | null;
  created_at: string;
}
interface ListAnswer {
  items: TicketAnswer[];
  total: number;
}

describe(`helpdesk tickets (${DB_KIND})`, () => {
  const { call } = signedInApp();

  async function list(email: string, query = '', headers?: Record<string, string>): Promise<ListAnswer> {
    const response = await call(email, 'GET', `/api/tickets${query}`, { headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }
  const titles = (answer: ListAnswer) => answer.items.map((ticket) => ticket.title);
  const open = (email: string, title: string, headers?: Record<string, string>) =>
    call(email, 'POST', '/api/tickets', { payload: { title, description: `About ${title}.` }, headers });

  test('should show a plain user the tickets they opened in their entity, and a contributor all of the entity’s', async () => {
    assert.deepEqual(titles(await list('user@northwind.test')), ['Sales report does not refresh']);
    assert.deepEqual(titles(await list('contributor@northwind.test')), ['Sales report does not refresh', 'Two new sales assistants']);
    assert.deepEqual(titles(await list('publisher@demo.test')), ['Sales report does not refresh', 'Two new sales assistants']);
    assert.deepEqual(titles(await list('user@contoso.test')), ['Export to Excel fails']);
    // No entity, no tickets (the administrator picks one with X-Entity-ID).
    assert.deepEqual((await list('admin@demo.test')).items, []);
    const contoso = await entityId('Contoso');
    assert.deepEqual(titles(await list('admin@demo.test', '', { 'x-entity-id': String(contoso) })), ['Export to Excel fails']);
  });

  test("should never show another entity's tickets, whatever the caller asks for", async () => {
    const contoso = await entityId('Contoso');
    assert.equal(
      (await call('contributor@northwind.test', 'GET', '/api/tickets', { headers: { 'x-entity-id': String(contoso) } })).statusCode,
      403,
    );
    await open('user@contoso.test', 'Contoso only');
    const northwind = await list('contributor@northwind.test');
    assert.ok(northwind.items.every((ticket) => ticket.entity?.name === 'Northwind Traders'));
    assert.ok(!titles(northwind).includes('Contoso only'));
  });

  test('should open a ticket for the caller’s entity, newest first, paged', async () => {
    const created = await open('user@northwind.test', 'Stock dashboard is slow');
    assert.equal(created.statusCode, 201, created.body);
    const ticket = created.json();
    assert.equal(ticket.status, 'open');
    assert.equal(ticket.entity.name, 'Northwind Traders');
    assert.equal(ticket.author.email, 'user@northwind.test');
    assert.equal(ticket.description, 'About Stock dashboard is slow.');

    const mine = await list('user@northwind.test');
    assert.deepEqual(titles(mine), ['Stock dashboard is slow', 'Sales report does not refresh']);
    assert.equal(mine.total, 2);
    const page = await list('contributor@northwind.test', '?page=2&page_size=2');
    assert.equal(page.total, 3);
    assert.deepEqual(titles(page), ['Two new sales assistants']);
    assert.deepEqual(titles(await list('contributor@northwind.test', '?status=in_progress')), ['Two new sales assistants']);
  });

  test('should refuse a ticket without an entity (400), during display-as (403), and without a title (400)', async () => {
    const noEntity = await open('admin@demo.test', 'Help');
    assert.equal(noEntity.statusCode, 400);
    assert.equal(noEntity.json().message, TICKET_MESSAGES.noEntity);
    assert.equal((await open('consultant@demo.test', 'Help')).statusCode, 400);
    const displayed = await open('admin@demo.test', 'Help', { 'display-as-user-id': String(await userId('user@northwind.test')) });
    assert.equal(displayed.statusCode, 403);
    assert.equal((await open('user@northwind.test', '   ')).statusCode, 400);
    assert.equal((await call('user@northwind.test', 'POST', '/api/tickets', { payload: { title: 'No description' } })).statusCode, 400);
    assert.deepEqual(titles(await list('user@northwind.test')), ['Sales report does not refresh']);
  });

  test('should let administrators list every entity’s tickets and change a status, audited; nobody else', async () => {
    const all = await call('admin@demo.test', 'GET', '/api/admin/tickets');
    assert.equal(all.statusCode, 200);
    assert.equal(all.json().total, 3);
    const contoso = await entityId('Contoso');
    assert.deepEqual(titles((await call('admin@demo.test', 'GET', `/api/admin/tickets?entity_id=${contoso}`)).json()), [
      'Export to Excel fails',
    ]);

    const ticket = await idOf('SELECT id FROM tickets WHERE title = $1', ['Sales report does not refresh']);
    for (const email of ['contributor@northwind.test', 'publisher@demo.test', 'user@northwind.test']) {
      assert.equal((await call(email, 'GET', '/api/admin/tickets')).statusCode, 403);
      assert.equal((await call(email, 'PUT', `/api/admin/tickets/${ticket}`, { payload: { status: 'closed' } })).statusCode, 403);
    }
    const closed = await call('admin@demo.test', 'PUT', `/api/admin/tickets/${ticket}`, { payload: { status: 'closed' } });
    assert.equal(closed.statusCode, 200, closed.body);
    assert.equal(closed.json().status, 'closed');
    assert.deepEqual((await auditLines('ticket.status'))[0]!.details, { from: 'open', to: 'closed' });
    assert.equal((await list('user@northwind.test')).items[0]!.status, 'closed');
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/tickets/${ticket}`, { payload: { status: 'lost' } })).statusCode, 400);
    assert.equal((await call('admin@demo.test', 'PUT', '/api/admin/tickets/999999', { payload: { status: 'open' } })).statusCode, 404);
  });
});

describe(`people routes: rate limit and OpenAPI (${DB_KIND})`, () => {
  test('should answer 429 in the error shape once a low RATE_LIMIT_MAX is spent on the people routes', async () => {
    const app = await build({ rateLimitMax: 4 });
    const idp = await startTestIdp();
    try {
      await idp.register(app);
      const token = await loginAs(app, idp, 'user@northwind.test');
      const headers = { authorization: `Bearer ${token}` };
      const statuses: number[] = [];
      for (const url of ['/api/tickets', '/api/entities', '/api/tickets', '/api/entities', '/api/tickets'])
        statuses.push((await app.inject({ url, headers })).statusCode);
      // Signed-in calls count for the user (the sign-in counted for the address): four, then 429.
      assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
      const limited = await app.inject({ method: 'POST', url: '/api/tickets', headers, payload: { title: 'x', description: '' } });
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().statusCode, 429);
      assert.equal(limited.json().error, 'Too Many Requests');
      assert.match(limited.json().message, /^Rate limit exceeded, retry in /);
      assert.deepEqual(Object.keys(limited.json()).sort(), ['error', 'message', 'statusCode']);
      assert.ok(limited.headers['retry-after']);
    } finally {
      await idp.close();
    }
  });

  test('should describe the people routes with their schemas in the OpenAPI document', async () => {
    const app = await build();
    const document = (await app.inject('/api/docs/json')).json();
    const expected: Array<[string, string]> = [
      ['/api/user/{id}', 'get'],
      ['/api/user/set-my-profile-image/{id}', 'put'],
      ['/api/user/unset-my-profile-image', 'put'],
      ['/api/entities', 'get'],
      ['/api/tickets', 'post'],
      ['/api/admin/users', 'get'],
      ['/api/admin/users/{id}', 'put'],
      ['/api/admin/users/entity/{id}', 'get'],
      ['/api/admin/users/get/no-entity', 'get'],
      ['/api/admin/users/get/contacts/', 'get'],
      ['/api/admin/users/get/displayas/', 'get'],
      ['/api/admin/entities', 'post'],
      ['/api/admin/entities/{id}', 'delete'],
      ['/api/admin/entities/{entityId}/user/add/{userId}', 'put'],
      ['/api/admin/entities/{entityId}/user/remove/{userId}', 'put'],
      ['/api/admin/groups', 'post'],
      ['/api/admin/groups/{id}', 'put'],
      ['/api/admin/pbi/refresh-groups', 'put'],
      ['/api/admin/pbi/refresh-users', 'put'],
      ['/api/admin/tickets/{id}', 'put'],
      ['/api/admin/tickets/{id}', 'get'],
      ['/api/admin/tickets/{id}/messages', 'post'],
      ['/api/tickets/{id}', 'get'],
      ['/api/tickets/{id}/messages', 'post'],
      ['/api/admin/users/entity/{entityId}/user/{userId}', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = document.paths[path]?.[method];
      assert.ok(operation, `${method.toUpperCase()} ${path}`);
      assert.ok(operation.responses['200'] ?? operation.responses['201'] ?? operation.responses['204'], `${method} ${path} answers`);
    }
    const update = document.paths['/api/admin/users/{id}'].put.requestBody.content['application/json'].schema;
    assert.ok(update.properties.rights && update.properties.pbi_groups);
    const ticket = document.paths['/api/tickets'].post.responses['201'].content['application/json'].schema;
    assert.deepEqual(Object.keys(ticket.properties).sort(), [
      'author',
      'created_at',
      'description',
      'entity',
      'id',
      'messages_count',
      'status',
      'title',
      'updated_at',
    ]);
  });
});
