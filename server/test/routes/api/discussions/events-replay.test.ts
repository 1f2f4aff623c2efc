import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Discussion, MessageCreated } from '@hub/shared/api';
import { DB_KIND } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';
import { readSse, type SseStream } from '../../../test-support/sse-reader';

// USER (Nina) and OTHER (Carl) are both clients of CONSULTANT: Carl's messages are none of Nina's business.
const USER = 'user@northwind.test';
const OTHER = 'user@contoso.test';
const CONSULTANT = 'consultant@demo.test';
const ADMIN = 'admin@demo.test';

describe(`discussion events replayed from Last-Event-ID (${DB_KIND})`, () => {
  const hub = signedInApp();
  let address = '';

  async function write(email: string, body: object): Promise<MessageCreated> {
    const response = await hub.call(email, 'POST', '/api/discussions', { payload: body });
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  }
  async function open(email: string, options: { header?: string; query?: string } = {}): Promise<SseStream> {
    if (!address) address = await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = (await hub.call(email, 'POST', '/api/discussions/events/ticket')).json().ticket as string;
    const query = options.query === undefined ? '' : `&last_event_id=${options.query}`;
    return readSse(
      `${address}/api/discussions/events?ticket=${encodeURIComponent(ticket)}${query}`,
      options.header === undefined ? {} : { 'last-event-id': options.header },
    );
  }
  const ninasDiscussion = async () => {
    const response = await hub.call(USER, 'GET', '/api/discussions');
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { items: Discussion[] }).items[0]!.id;
  };
  const created = (stream: SseStream) =>
    stream.received.filter((item) => item.event === 'message.created').map((item) => item.data.message_id as number);

  test('should send a reconnecting stream exactly the events it missed, none of another customer’s, then go on live', async () => {
    const discussionId = await ninasDiscussion();
    const first = await open(USER);
    await first.waitFor('counters');
    const seen = await write(CONSULTANT, { message: 'Seen live', discussion_id: discussionId });
    const live = await first.waitFor('message.created', (item) => item.data.message_id === seen.message.id);
    assert.match(live.id ?? '', /^\d+$/, 'a live event carries its id');
    await first.close();

    // While Nina is away: two replies for her, and Carl's own discussion with the same consultant.
    const missed1 = await write(CONSULTANT, { message: 'While you were away', discussion_id: discussionId });
    const carls = await write(OTHER, { message: 'Carl asks something' });
    const missed2 = await write(CONSULTANT, { message: 'And one more', discussion_id: discussionId });

    const again = await open(USER, { header: live.id });
    // The stream's own counters (of no discussion) close the replay. A write's live counters may
    // come too, before or after them, when its notification reaches this server late: they carry
    // its discussion and message.
    const counters = await again.waitFor('counters', (item) => item.data.message_id === null);
    assert.deepEqual(created(again), [missed1.message.id, missed2.message.id], 'the missed messages, in order, and only hers');
    const lastReplayed = again.received.findLastIndex((item) => item.event === 'message.created');
    assert.ok(again.received.indexOf(counters) > lastReplayed, 'the counters come after the replay');
    assert.equal(counters.data.pending_message_counter, 4, 'the seeded reply, the one seen live and the two missed wait for her');
    const replayed = again.received.filter((item) => item.event === 'message.created');
    assert.ok(Number(replayed[0]!.id) > Number(live.id) && Number(replayed[1]!.id) > Number(replayed[0]!.id), 'ids increase');
    assert.equal((replayed[1]!.data.message as { message: string }).message, 'And one more', 'a replayed event carries the message');
    assert.ok(!again.received.some((item) => item.data.discussion_id === carls.discussion.id));

    // Then live, once each.
    const next = await write(CONSULTANT, { message: 'Live again', discussion_id: discussionId });
    await again.waitFor('message.created', (item) => item.data.message_id === next.message.id);
    assert.deepEqual(created(again), [missed1.message.id, missed2.message.id, next.message.id]);
    await again.close();

    // The id in the query (our clients open a new stream with a fresh ticket) does the same; nothing missed, nothing sent.
    const byQuery = await open(USER, { query: again.lastEventId() });
    await byQuery.waitFor('counters');
    assert.deepEqual(created(byQuery), []);
    await byQuery.close();
    const fromSeen = await open(USER, { query: live.id });
    await fromSeen.waitFor('counters');
    assert.deepEqual(created(fromSeen), [missed1.message.id, missed2.message.id, next.message.id]);
    await fromSeen.close();
  });

  test('should replay to the consultant both clients’ messages and to an administrator every discussion’s', async () => {
    const discussionId = await ninasDiscussion();
    await write(USER, { message: 'Before' });
    // The id of the last event so far, as a stream that saw it would send it back.
    const { rows } = await hub.app.db.query<{ id: string }>('SELECT max(id)::text AS id FROM live_events');
    const markId = rows[0]!.id;
    const nina = await write(USER, { message: 'From Nina', discussion_id: discussionId });
    const carl = await write(OTHER, { message: 'From Carl' });

    const back = await open(CONSULTANT, { header: markId });
    await back.waitFor('counters');
    assert.deepEqual(created(back), [nina.message.id, carl.message.id]);
    await back.close();
    const adminBack = await open(ADMIN, { header: markId });
    await adminBack.waitFor('counters');
    assert.deepEqual(created(adminBack), [nina.message.id, carl.message.id]);
    await adminBack.close();
    const carlBack = await open(OTHER, { header: markId });
    await carlBack.waitFor('counters');
    assert.deepEqual(created(carlBack), [carl.message.id], 'Carl gets his own only');
    await carlBack.close();
  });

  test('should ignore an unreadable Last-Event-ID and replay nothing older than the bound', async () => {
    const discussionId = await ninasDiscussion();
    const old = await write(CONSULTANT, { message: 'Two days ago', discussion_id: discussionId });
    await hub.app.db.query(`UPDATE live_events SET created_at = now() - interval '2 days'`);
    const recent = await write(CONSULTANT, { message: 'Today', discussion_id: discussionId });

    const fromZero = await open(USER, { header: '0' });
    await fromZero.waitFor('counters');
    assert.deepEqual(created(fromZero), [recent.message.id], 'events older than a day are not replayed');
    assert.ok(old.message.id < recent.message.id);
    await fromZero.close();

    const garbage = await open(USER, { header: 'abc' });
    await garbage.waitFor('counters');
    assert.deepEqual(created(garbage), [], 'no replay for an id that is not one');
    await garbage.close();
  });
});
