import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TICKET_MESSAGES } from '@hub/shared/api';
import { DB_KIND, userId } from '../../../test-support/helper';
import { auditLines, entityId, idOf } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

interface MessageAnswer {
  message: string;
  from_staff: boolean;
  author: { email: string } | null;
}
interface DetailsAnswer {
  id: number;
  title: string;
  status: string;
  messages_count: number;
  messages: MessageAnswer[];
}

describe(`the helpdesk conversation (${DB_KIND})`, () => {
  const signed = signedInApp();
  const { call } = signed;
  const northwindTicket = () => idOf('SELECT id FROM tickets WHERE title = $1', ['Sales report does not refresh']);
  const contosoTicket = () => idOf('SELECT id FROM tickets WHERE title = $1', ['Export to Excel fails']);
  const staffReply = (id: number, message: string, email = 'admin@demo.test') =>
    call(email, 'POST', `/api/admin/tickets/${id}/messages`, { payload: { message } });

  test('should show the customer the staff reply and the new status, on the list and on the ticket', async () => {
    const id = await northwindTicket();
    const replied = await staffReply(id, '  We are looking into it.  ');
    assert.equal(replied.statusCode, 201, replied.body);
    const answer: DetailsAnswer = replied.json();
    assert.deepEqual(
      answer.messages.map((message) => [message.message, message.from_staff, message.author?.email]),
      [['We are looking into it.', true, 'admin@demo.test']],
    );
    const status = await call('admin@demo.test', 'PUT', `/api/admin/tickets/${id}`, { payload: { status: 'in_progress' } });
    assert.equal(status.statusCode, 200, status.body);

    const list = await call('user@northwind.test', 'GET', '/api/tickets');
    const listed = list.json().items.find((ticket: DetailsAnswer) => ticket.id === id);
    assert.equal(listed.status, 'in_progress');
    assert.equal(listed.messages_count, 1);
    const details = await call('user@northwind.test', 'GET', `/api/tickets/${id}`);
    assert.equal(details.statusCode, 200, details.body);
    assert.equal(details.json().status, 'in_progress');
    assert.deepEqual(
      details.json().messages.map((message: MessageAnswer) => [message.message, message.from_staff]),
      [['We are looking into it.', true]],
    );
    assert.deepEqual((await auditLines('ticket.reply')).length, 1);
  });

  test("should answer 404 to a customer asking for another entity's ticket, or another user's of the entity", async () => {
    const contoso = await contosoTicket();
    for (const [method, url, payload] of [
      ['GET', `/api/tickets/${contoso}`, undefined],
      ['POST', `/api/tickets/${contoso}/messages`, { message: 'Mine now?' }],
    ] as const) {
      const response = await call('user@northwind.test', method, url, payload ? { payload } : {});
      assert.equal(response.statusCode, 404, `${method} ${url}`);
      assert.equal(response.json().message, TICKET_MESSAGES.notFound);
      assert.equal((await call('contributor@northwind.test', method, url, payload ? { payload } : {})).statusCode, 404);
    }
    // A plain user sees their own tickets only; the entity's contributor sees all of them.
    const other = await idOf('SELECT id FROM tickets WHERE title = $1', ['Two new sales assistants']);
    assert.equal((await call('user@northwind.test', 'GET', `/api/tickets/${other}`)).statusCode, 404);
    assert.equal((await call('contributor@northwind.test', 'GET', `/api/tickets/${other}`)).statusCode, 200);
    // The X-Entity-ID of another company is refused as on the list.
    const contosoId = await entityId('Contoso');
    const forced = await call('contributor@northwind.test', 'GET', `/api/tickets/${contoso}`, {
      headers: { 'x-entity-id': String(contosoId) },
    });
    assert.equal(forced.statusCode, 403);
    assert.equal((await call('user@northwind.test', 'GET', '/api/tickets/999999')).statusCode, 404);
  });

  test('should let the customer answer in the conversation, never as staff, and not during display-as', async () => {
    const id = await northwindTicket();
    const answered = await call('user@northwind.test', 'POST', `/api/tickets/${id}/messages`, {
      payload: { message: 'It still does not refresh.' },
    });
    assert.equal(answered.statusCode, 201, answered.body);
    assert.deepEqual(
      answered.json().messages.map((message: MessageAnswer) => [message.message, message.from_staff, message.author?.email]),
      [['It still does not refresh.', false, 'user@northwind.test']],
    );
    // A contributor of the entity answers from the customer's side too; a body cannot claim to be staff.
    const contributor = await call('contributor@northwind.test', 'POST', `/api/tickets/${id}/messages`, {
      payload: { message: 'Same for me.', from_staff: true },
    });
    assert.ok([201, 400].includes(contributor.statusCode), contributor.body);
    const details = (await call('user@northwind.test', 'GET', `/api/tickets/${id}`)).json() as DetailsAnswer;
    assert.ok(details.messages.every((message) => !message.from_staff));

    const displayed = await call('admin@demo.test', 'POST', `/api/tickets/${id}/messages`, {
      payload: { message: 'In her name' },
      headers: { 'display-as-user-id': String(await userId('user@northwind.test')) },
    });
    assert.equal(displayed.statusCode, 403);
    const blank = await call('user@northwind.test', 'POST', `/api/tickets/${id}/messages`, { payload: { message: '   ' } });
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json().message, TICKET_MESSAGES.emptyMessage);
  });

  test('should let only administrators reply as staff, and answer 404 for a ticket that does not exist', async () => {
    const id = await northwindTicket();
    for (const email of ['contributor@northwind.test', 'publisher@demo.test', 'user@northwind.test', 'consultant@demo.test']) {
      assert.equal((await staffReply(id, 'From the staff?', email)).statusCode, 403, email);
      assert.equal((await call(email, 'GET', `/api/admin/tickets/${id}`)).statusCode, 403, email);
    }
    const displayed = await call('admin@demo.test', 'POST', `/api/admin/tickets/${id}/messages`, {
      payload: { message: 'As Nina' },
      headers: { 'display-as-user-id': String(await userId('user@northwind.test')) },
    });
    assert.equal(displayed.statusCode, 403);
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/tickets/${id}`)).json().messages.length, 0);
    assert.equal((await staffReply(999999, 'Nobody')).statusCode, 404);
    assert.equal((await call('admin@demo.test', 'GET', '/api/admin/tickets/999999')).statusCode, 404);
    assert.equal((await staffReply(id, '')).statusCode, 400);
    const found = (await call('admin@demo.test', 'GET', '/api/admin/tickets?search=EXCEL')).json();
    assert.deepEqual(
      found.items.map((ticket: DetailsAnswer) => ticket.title),
      ['Export to Excel fails'],
    );
    // An administrator reads any entity's ticket in the console.
    assert.equal(
      (await call('admin@demo.test', 'GET', `/api/admin/tickets/${await contosoTicket()}`)).json().title,
      'Export to Excel fails',
    );
  });

  test('should answer the latest replies, and the older ones by cursor, however long the conversation', async () => {
    const id = await northwindTicket();
    // 130 replies, a third of them written in the same microsecond (ties go by id).
    await signed.app.db.query(
      `INSERT INTO ticket_messages (ticket_id, author_id, from_staff, message, created_at)
       SELECT $1, NULL, i % 2 = 0, 'Reply ' || i, timestamptz '2026-02-01' + (i - i % 3) * interval '1 second'
         FROM generate_series(1, 130) i`,
      [id],
    );
    const read = async (path: string) => {
      const answer = await call('user@northwind.test', 'GET', path);
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json() as DetailsAnswer & { older_cursor: string | null };
    };
    const latest = await read(`/api/tickets/${id}`);
    assert.equal(latest.messages.length, 50);
    assert.equal(latest.messages.at(-1)?.message, 'Reply 130');
    const seen = latest.messages.map((message) => message.message);
    let cursor = latest.older_cursor;
    while (cursor) {
      const older = await read(`/api/tickets/${id}?n=40&before=${cursor}`);
      seen.unshift(...older.messages.map((message) => message.message));
      cursor = older.older_cursor;
    }
    assert.deepEqual(
      seen,
      Array.from({ length: 130 }, (_, index) => `Reply ${index + 1}`),
    );
    const admin = await call('admin@demo.test', 'GET', `/api/admin/tickets/${id}?n=5`);
    assert.deepEqual(
      admin.json().messages.map((message: MessageAnswer) => message.message),
      ['Reply 126', 'Reply 127', 'Reply 128', 'Reply 129', 'Reply 130'],
    );
    assert.equal((await call('user@northwind.test', 'GET', `/api/tickets/${id}?n=101`)).statusCode, 400);
    assert.equal((await call('user@northwind.test', 'GET', `/api/tickets/${id}?before=bm9wZQ`)).statusCode, 400);
  });
});
