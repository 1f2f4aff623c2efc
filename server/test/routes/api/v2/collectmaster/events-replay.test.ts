import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FileExchangeFileEvent } from '@hub/shared/api';
import { DB_KIND, userId } from '../../../../test-support/helper';
import { filesCaller } from '../../../../test-support/files-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';
import { readSse, type SseStream } from '../../../../test-support/sse-reader';

const USER = 'user@northwind.test';
const OTHER = 'user@contoso.test';

const fileEvent = (fileId: number): FileExchangeFileEvent => ({
  type: 'file.state',
  file_id: fileId,
  folder_id: 1,
  collection_id: 1,
  entity_id: 1,
  name: `report-${fileId}.csv`,
  state: 3,
  comment: null,
});

describe(`file exchange events replayed from Last-Event-ID (${DB_KIND})`, () => {
  const hub = signedInApp();
  const files = filesCaller(
    () => hub.app,
    () => hub.idp,
  );
  let address = '';

  async function open(email: string, lastEventId?: string): Promise<SseStream> {
    if (!address) address = await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = ((await files.call(email, 'POST', '/api/v2/events/ticket')).json() as { ticket: string }).ticket;
    return readSse(`${address}/api/v2/events?ticket=${encodeURIComponent(ticket)}${lastEventId ? `&last_event_id=${lastEventId}` : ''}`);
  }
  const fileIds = (stream: SseStream) => stream.received.filter((item) => item.event === 'file.state').map((item) => item.data.file_id);

  test('should send a reconnecting stream the file events it missed, only its own, then its counters', async () => {
    const [user, other] = [await userId(USER), await userId(OTHER)];
    const first = await open(USER);
    await first.waitFor('counters');
    await hub.app.fileEvents.publish(fileEvent(1), [user]);
    const seen = await first.waitFor('file.state');
    assert.match(seen.id ?? '', /^\d+$/);
    await first.close();

    await hub.app.fileEvents.publish(fileEvent(2), [user, other]);
    await hub.app.fileEvents.publish(fileEvent(3), [other]);
    await hub.app.fileEvents.publish(fileEvent(4), [user]);

    const back = await open(USER, seen.id);
    await back.waitFor('counters');
    assert.deepEqual(fileIds(back), [2, 4], 'the missed events for this user, in order');
    // The counters come after the replay. They may come twice: the notification of an event the
    // replay already sent can still arrive (on PostgreSQL, NOTIFY is heard a moment after the
    // commit); its event is not sent again, its counters (as they are now) are.
    const kinds = back.received.map((item) => item.event);
    assert.ok(kinds.indexOf('counters') > kinds.lastIndexOf('file.state'), `the counters after the replay: ${kinds.join(', ')}`);
    await hub.app.fileEvents.publish(fileEvent(5), [user]);
    await back.waitFor('file.state', (item) => item.data.file_id === 5);
    assert.deepEqual(fileIds(back), [2, 4, 5]);
    await back.close();

    const fresh = await open(USER);
    await fresh.waitFor('counters');
    assert.deepEqual(fileIds(fresh), [], 'a first connection replays nothing');
    await fresh.close();
  });
});
