import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  MESSAGE_MAX_LENGTH,
  type Discussion,
  type DiscussionThread,
  type MessageCreated,
  type PendingList,
  type User,
} from '@hub/shared/api';
import { build, DB_KIND } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';
import { readSse } from '../../../test-support/sse-reader';

// The demo data gives USER (Nina) an open and a closed discussion with the consultant; OTHER (Carl),
// the consultant's other client, has none: the tests that need a blank slate start from his.
const USER = 'user@northwind.test';
const OTHER = 'user@contoso.test';
const CONSULTANT = 'consultant@demo.test';
const ADMIN = 'admin@demo.test';
const CONTRIBUTOR = 'contributor@northwind.test';

describe(`discussions (${DB_KIND})`, () => {
  const hub = signedInApp();

  const call = (email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    hub.call(email, method, url, { payload });
  async function write(email: string, body: object): Promise<MessageCreated> {
    const response = await call(email, 'POST', '/api/discussions', body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  }
  const list = async (email: string, url = '/api/discussions') => ((await call(email, 'GET', url)).json() as { items: Discussion[] }).items;
  const me = async (email: string) => (await call(email, 'GET', '/api/auth/user')).json() as User;

  test('should seed an open discussion with a reply waiting for the customer, and a closed one', async () => {
    const nina = await me(USER);
    assert.deepEqual(
      [nina.open_discussion_counter, nina.close_discussion_counter, nina.pending_message_counter],
      [1, 1, 1],
      'one open, one closed, the consultant’s reply unread',
    );
    const consultant = await me(CONSULTANT);
    assert.deepEqual(
      [consultant.open_discussion_counter, consultant.close_discussion_counter, consultant.pending_message_counter],
      [1, 1, 0],
    );

    const [open] = await list(USER);
    assert.ok(open);
    assert.deepEqual([(await list(USER)).length, open.status, open.customer?.email, open.consultant?.email], [1, 'open', USER, CONSULTANT]);
    assert.equal(open.pending_count, 1);
    assert.equal(open.last_message?.from_user?.email, CONSULTANT);
    const all = await list(USER, '/api/discussions/all');
    assert.deepEqual(
      all.map((d) => d.status),
      ['open', 'closed'],
      'newest activity first',
    );
    const closed = all[1]!;
    assert.ok(closed.closed_at);
    assert.equal(closed.pending_count, 0);

    // Each thread is one chain, the two parties taking turns.
    for (const discussion of all) {
      const thread = (await call(USER, 'GET', `/api/discussions/${discussion.id}/messages`)).json() as DiscussionThread;
      assert.ok(thread.messages.length >= 2);
      thread.messages.forEach((message, index) => {
        assert.equal(message.parent_message_id, index === 0 ? null : thread.messages[index - 1]!.id);
        assert.equal(message.from_user?.email, index % 2 === 0 ? USER : CONSULTANT);
      });
    }
    // Nina opened the open thread above: her reply is read, the navigation's badge goes.
    assert.equal((await me(USER)).pending_message_counter, 0);
  });

  test('should start a discussion with the customer’s consultant and chain the replies', async () => {
    const first = await write(OTHER, { message: 'Hello, my report is slow.' });
    assert.equal(first.discussion.status, 'open');
    assert.equal(first.discussion.customer?.email, OTHER);
    assert.equal(first.discussion.consultant?.email, CONSULTANT);
    assert.equal(first.message.to_user?.email, CONSULTANT);
    assert.equal(first.message.parent_message_id, null);

    const again = await write(OTHER, { message: 'Any news?' });
    assert.equal(again.discussion.id, first.discussion.id, 'a second first message lands in the open discussion');
    assert.equal(again.message.parent_message_id, first.message.id);

    const reply = await write(CONSULTANT, { message: 'Looking into it.', discussion_id: first.discussion.id });
    assert.equal(reply.message.to_user?.email, OTHER);
    assert.equal(reply.message.parent_message_id, again.message.id);
  });

  test('should add a first message to the customer’s seeded open discussion, chained to its last message', async () => {
    const [seeded] = await list(USER);
    const before = (await call(USER, 'GET', `/api/discussions/${seeded!.id}/messages`)).json() as DiscussionThread;
    const created = await write(USER, { message: 'Yes please, set it up.' });
    assert.equal(created.discussion.id, seeded!.id);
    assert.equal(created.message.parent_message_id, before.messages.at(-1)!.id);
    assert.equal(created.message.to_user?.email, CONSULTANT);
    assert.equal((await list(USER, '/api/discussions/all')).length, 2, 'no new discussion');
  });

  test('should keep the text verbatim as plain text, and refuse more than 5000 characters', async () => {
    const text = '<script>alert(1)</script> <b>bold</b>\nline two & "quotes"';
    const created = await write(USER, { message: text });
    const thread = (await call(CONSULTANT, 'GET', `/api/discussions/${created.discussion.id}/messages`)).json() as DiscussionThread;
    assert.equal(thread.messages.find((m) => m.id === created.message.id)?.message, text);

    const long = await call(USER, 'POST', '/api/discussions', { message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
    assert.equal(long.statusCode, 400);
    assert.match(long.json().message, /Invalid length, maximum length is 5000/);
    assert.equal((await call(USER, 'POST', '/api/discussions', { message: 'x'.repeat(MESSAGE_MAX_LENGTH) })).statusCode, 201);
  });

  test('should show a customer only their own discussions, a consultant their clients’, an administrator all', async () => {
    const northwind = await write(USER, { message: 'From Northwind' });
    const contoso = await write(OTHER, { message: 'From Contoso' });

    assert.deepEqual(
      (await list(USER)).map((d) => d.id),
      [northwind.discussion.id],
    );
    assert.deepEqual(
      (await list(OTHER)).map((d) => d.id),
      [contoso.discussion.id],
    );
    assert.deepEqual((await list(CONSULTANT)).map((d) => d.id).sort(), [northwind.discussion.id, contoso.discussion.id].sort());
    assert.deepEqual(
      (await list(ADMIN, '/api/admin/discussions')).map((d) => d.id).sort(),
      [northwind.discussion.id, contoso.discussion.id].sort(),
    );
    assert.deepEqual(
      (await list(CONTRIBUTOR, '/api/admin/discussions')).map((d) => d.id),
      [northwind.discussion.id],
      'a contributor: their entity only',
    );
    assert.deepEqual(await list(ADMIN), [], 'the user list holds only the administrator’s own discussions');

    const foreign = await call(OTHER, 'GET', `/api/discussions/${northwind.discussion.id}/messages`);
    assert.equal(foreign.statusCode, 404);
    assert.equal(
      (await call(OTHER, 'POST', '/api/discussions', { message: 'sneak', discussion_id: northwind.discussion.id })).statusCode,
      404,
    );
    assert.equal((await call(CONSULTANT, 'GET', `/api/discussions/${northwind.discussion.id}/messages`)).statusCode, 200);
    const history = await call(ADMIN, 'GET', `/api/admin/discussions/history/${northwind.discussion.id}`);
    assert.equal(history.statusCode, 200);
    assert.equal((history.json() as DiscussionThread).messages.at(-1)!.message, 'From Northwind');
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/discussions/history/${contoso.discussion.id}`)).statusCode, 404);
  });

  test('should let only the author edit or delete a message', async () => {
    const created = await write(OTHER, { message: 'Typo hre' });
    const reply = await write(CONSULTANT, { message: 'Reply', discussion_id: created.discussion.id });

    const edited = await call(OTHER, 'POST', '/api/messages/replace', { id: created.message.id, message: 'Typo here' });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().message, 'Typo here');
    assert.equal(edited.json().is_edited, true);
    assert.ok(edited.json().modified_at);

    assert.equal((await call(OTHER, 'POST', '/api/messages/replace', { id: reply.message.id, message: 'hijack' })).statusCode, 403);
    assert.equal((await call(OTHER, 'DELETE', `/api/messages/${reply.message.id}`)).statusCode, 403);
    assert.equal((await call(USER, 'DELETE', `/api/messages/${reply.message.id}`)).statusCode, 404);
    assert.equal((await call(ADMIN, 'DELETE', `/api/messages/${created.message.id}`)).statusCode, 403);

    assert.equal((await call(OTHER, 'DELETE', `/api/messages/${created.message.id}`)).statusCode, 204);
    const thread = (await call(CONSULTANT, 'GET', `/api/discussions/${created.discussion.id}/messages`)).json() as DiscussionThread;
    assert.deepEqual(
      thread.messages.map((m) => [m.message, m.parent_message_id]),
      [['Reply', null]],
    );
  });

  test('should close with Send & Close, then refuse new messages and changes with 409', async () => {
    const created = await write(OTHER, { message: 'Thanks, all good.', close: true });
    assert.equal(created.discussion.status, 'closed');
    assert.ok(created.discussion.closed_at);
    const again = await call(CONSULTANT, 'POST', '/api/discussions', { message: 'Too late', discussion_id: created.discussion.id });
    assert.equal(again.statusCode, 409);
    assert.equal((await call(OTHER, 'POST', '/api/messages/replace', { id: created.message.id, message: 'edit' })).statusCode, 409);
    assert.deepEqual(await list(OTHER), []);
    assert.deepEqual(
      (await list(OTHER, '/api/discussions/all')).map((d) => d.status),
      ['closed'],
    );
    const user = await me(OTHER);
    assert.equal(user.open_discussion_counter, 0);
    assert.equal(user.close_discussion_counter, 1);
    // A new first message opens a new discussion.
    assert.notEqual((await write(OTHER, { message: 'New question' })).discussion.id, created.discussion.id);

    // The consultant closes Nina's seeded discussion: she has two closed ones, and her unread reply no longer counts.
    const [seeded] = await list(USER);
    const closing = await write(CONSULTANT, { message: 'Set up, closing this one.', discussion_id: seeded!.id, close: true });
    assert.equal(closing.discussion.status, 'closed');
    const nina = await me(USER);
    assert.deepEqual([nina.open_discussion_counter, nina.close_discussion_counter, nina.pending_message_counter], [0, 2, 0]);
  });

  test('should count pending messages until the recipient opens the discussion', async () => {
    const created = await write(USER, { message: 'One' });
    await write(USER, { message: 'Two' });
    assert.equal((await me(CONSULTANT)).pending_message_counter, 2);
    const pending = (await call(CONSULTANT, 'GET', '/api/discussions/pending')).json() as PendingList;
    const northwind = pending.items.find((entry) => entry.user.email === USER)!;
    assert.equal(northwind.pending_count, 2);
    assert.equal(northwind.discussion_id, created.discussion.id);
    assert.equal(pending.items.find((entry) => entry.user.email === OTHER)?.pending_count, 0);

    // The sender opening it changes nothing; the recipient opening it reads them.
    await call(USER, 'GET', `/api/discussions/${created.discussion.id}/messages`);
    assert.equal((await me(CONSULTANT)).pending_message_counter, 2);
    await call(CONSULTANT, 'GET', `/api/discussions/${created.discussion.id}/messages`);
    assert.equal((await me(CONSULTANT)).pending_message_counter, 0);
  });

  test('should refuse writing to someone who is neither one’s consultant nor client', async () => {
    const admin = await call(ADMIN, 'POST', '/api/discussions', { message: 'Hi' });
    assert.equal(admin.statusCode, 400);
    const consultantId = (await me(CONSULTANT)).id;
    assert.equal((await call(CONTRIBUTOR, 'POST', '/api/discussions', { message: 'Hi', to_user_id: consultantId })).statusCode, 403);
  });

  test('should deliver a message to the other party over server-sent events, and nothing to a stranger', async () => {
    const address = await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const unauthorized = await fetch(`${address}/api/discussions/events?ticket=forged`);
    assert.equal(unauthorized.status, 401);

    async function open(email: string, base = address) {
      const ticket = (await call(email, 'POST', '/api/discussions/events/ticket')).json().ticket as string;
      return readSse(`${base}/api/discussions/events?ticket=${encodeURIComponent(ticket)}`);
    }

    const consultant = await open(CONSULTANT);
    const stranger = await open(OTHER);
    // Each stream starts with the counters as they are: Nina's seeded open and closed discussions, nothing waiting.
    assert.deepEqual((await consultant.waitFor('counters')).data, {
      type: 'counters',
      discussion_id: 0,
      message_id: null,
      open_discussion_counter: 1,
      close_discussion_counter: 1,
      pending_message_counter: 0,
    });
    await stranger.waitFor('counters');
    consultant.received.length = 0;
    stranger.received.length = 0;
    const created = await write(USER, { message: 'Live hello' });
    const event = await consultant.waitFor('message.created');
    assert.deepEqual(event.data, {
      type: 'message.created',
      discussion_id: created.discussion.id,
      message_id: created.message.id,
      message: created.message,
    });
    const counters = await consultant.waitFor('counters');
    assert.equal(counters.data.pending_message_counter, 1);
    await consultant.close();
    // The stranger's stream stays silent about someone else's discussion. Events reach a stream in
    // the order they were written: once the stranger hears of their own, later message, an event
    // about the first one would already be there.
    const own = await write(OTHER, { message: 'A question of my own' });
    const heardOwn = await stranger.waitFor('message.created');
    assert.equal(heardOwn.data.message_id, own.message.id);
    assert.deepEqual(
      stranger.received.filter((item) => item.data.discussion_id === created.discussion.id),
      [],
    );
    await stranger.close();

    // Another server process on the same database: its streams hear what this one writes (LISTEN/NOTIFY).
    const second = await build();
    const secondAddress = await second.listen({ port: 0, host: '127.0.0.1' });
    const elsewhere = await open(CONSULTANT, secondAddress);
    await elsewhere.waitFor('counters');
    const next = await write(USER, { message: 'Through the database' });
    const heard = await elsewhere.waitFor('message.created');
    assert.equal(heard.data.message_id, next.message.id);
    await elsewhere.close();
  });
});
