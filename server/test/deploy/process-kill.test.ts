// @one-pass: its own processes, cluster and nginx.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Discussion, MessageCreated } from '@hub/shared/api';
import type { ServerProcess } from '../faults/server-process';
import { readSse } from '../test-support/sse-reader';
import { deploymentMissing, liveStreams, served, sleep, startDeployment, type Deployment } from './deployment';

const USER = 'user@northwind.test';
const CONSULTANT = 'consultant@demo.test';
const CLIENTS = 8;
// Processes and a cluster of their own: once per run (see // @one-pass), where PostgreSQL and nginx are installed.
const skip = deploymentMissing();

interface Outcome {
  method: 'GET' | 'POST';
  started: number;
  ended: number;
  /** The status, or the network error's message. */
  status: number | string;
  messageId?: number;
}

describe('one server process killed behind nginx (kill -9)', { skip }, () => {
  let deployment: Deployment;

  before(async () => {
    deployment = await startDeployment({ env: { LOG_LEVEL: 'info' } });
  });
  after(async () => {
    await deployment?.stop();
  });

  test('should fail only the requests in flight on it, and reconnect live streams to the other with nothing missed', async () => {
    const { front, a, b, signIn } = deployment;
    const user = await signIn(front, USER);
    const consultant = await signIn(front, CONSULTANT);
    const call = (token: string, path: string, init: RequestInit = {}) =>
      fetch(`${front}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      });
    const discussionId = ((await (await call(user, '/api/discussions')).json()) as { items: Discussion[] }).items[0]!.id;

    // The consultant's live stream, through nginx, and a first message seen on it.
    const ticket = async () =>
      ((await (await call(consultant, '/api/discussions/events/ticket', { method: 'POST' })).json()) as { ticket: string }).ticket;
    const onA = await liveStreams(a, 'discussions');
    const onB = await liveStreams(b, 'discussions');
    const stream = await readSse(`${front}/api/discussions/events?ticket=${encodeURIComponent(await ticket())}`);
    await stream.waitFor('counters');
    const first = (await (
      await call(user, '/api/discussions', {
        method: 'POST',
        body: JSON.stringify({ message: 'Before the kill', discussion_id: discussionId }),
      })
    ).json()) as MessageCreated;
    await stream.waitFor('message.created', (item) => item.data.message_id === first.message.id);
    assert.ok(stream.lastEventId(), 'the stream has an id to come back with');
    let holder: ServerProcess | undefined;
    for (let wait = 0; wait < 50 && !holder; wait += 1) {
      if ((await liveStreams(a, 'discussions')) > onA) holder = a;
      else if ((await liveStreams(b, 'discussions')) > onB) holder = b;
      else await sleep(100);
    }
    assert.ok(holder, 'one process holds the stream (its metrics count it)');
    const survivor = holder === a ? b : a;

    // Light load through nginx: reads and discussion messages, each outcome recorded.
    const outcomes: Outcome[] = [];
    let running = true;
    let inFlight = 0;
    let counter = 0;
    const client = async (index: number) => {
      while (running) {
        const method = (counter += 1) % 4 === 0 ? 'POST' : 'GET';
        const started = Date.now();
        inFlight += 1;
        let status: number | string;
        let messageId: number | undefined;
        try {
          const response =
            method === 'GET'
              ? await call(index % 2 ? user : consultant, index % 3 ? '/api/advices' : '/api/news-items')
              : await call(user, '/api/discussions', {
                  method: 'POST',
                  body: JSON.stringify({ message: `Load ${counter}`, discussion_id: discussionId }),
                });
          status = response.status;
          const body = await response.text();
          if (method === 'POST' && status === 201) messageId = (JSON.parse(body) as MessageCreated).message.id;
        } catch (error) {
          status = (error as Error).message;
        } finally {
          inFlight -= 1;
        }
        outcomes.push({ method, started, ended: Date.now(), status, messageId });
        await sleep(20);
      }
    };
    const load = Array.from({ length: CLIENTS }, (_, index) => client(index));
    await sleep(1500);

    // In flight on it: what had been sent before it was gone (the signal takes a moment to land).
    const inFlightAtKill = inFlight;
    const signalledAt = Date.now();
    holder.child.kill('SIGKILL');
    await holder.exited;
    const killedAt = Date.now();
    const inFlightAtDeath = Math.max(inFlight, inFlightAtKill);

    // The stream drops; the client opens a new one through nginx with its last id, after a gap in which messages are written.
    await Promise.race([stream.ended, sleep(15_000).then(() => assert.fail('the stream on the killed process did not end within 15 s'))]);
    const lastId = stream.lastEventId()!;
    await sleep(1500);
    const again = await readSse(`${front}/api/discussions/events?ticket=${encodeURIComponent(await ticket())}&last_event_id=${lastId}`);
    await again.waitFor('counters');
    await sleep(1500);
    running = false;
    await Promise.all(load);

    // Every acknowledged message reached the consultant: live on the first stream, or replayed / live on the second.
    const acknowledged = outcomes.filter((item) => item.messageId !== undefined).map((item) => item.messageId!);
    const heard = new Set([...stream.received, ...again.received].map((item) => item.data.message_id));
    for (let wait = 0; wait < 50 && acknowledged.some((id) => !heard.has(id)); wait += 1) {
      await sleep(100);
      for (const item of again.received) heard.add(item.data.message_id);
    }
    const missed = acknowledged.filter((id) => !heard.has(id));
    const gap = acknowledged.filter((id) => !stream.received.some((item) => item.data.message_id === id));
    const replayedIds = again.received.filter((item) => item.event === 'message.created').map((item) => item.data.message_id as number);
    assert.equal(new Set(replayedIds).size, replayedIds.length, 'no message twice on the new stream');
    await again.close();

    const failed = outcomes.filter((item) => typeof item.status !== 'number' || item.status >= 500);
    const failedAfter = failed.filter((item) => item.started > killedAt);
    const afterKill = outcomes.filter((item) => item.started > killedAt);
    // Figures for docs/performance.md (printed, not asserted).
    console.log(
      `process kill: ${outcomes.length} requests (${afterKill.length} after the kill), ${inFlightAtKill} in flight at the kill, ${inFlightAtDeath} when it was gone; ` +
        `failed ${failed.length} (${failed.map((item) => `${item.method} ${item.status}`).join(', ') || 'none'}), ` +
        `${failedAfter.length} of them started once it was gone; ${acknowledged.length} messages acknowledged, ` +
        `${gap.length} written while the stream was away, ${missed.length} missed; the survivor served ` +
        `${served(survivor, '/api/advices') + served(survivor, '/api/news-items')} reads`,
    );
    assert.deepEqual(
      failed.filter((item) => item.ended < signalledAt),
      [],
      'only requests in flight when the process died can fail (none before)',
    );
    assert.deepEqual(failedAfter, [], 'no request started once the process was gone fails');
    assert.ok(afterKill.length > 0 && afterKill.every((item) => item.status === 200 || item.status === 201));
    assert.ok(gap.length > 0, 'messages were written while the stream was away');
    assert.deepEqual(missed, [], 'no acknowledged message is missed');
    // And the acknowledged writes are in the database.
    const { rows } = await deployment.db.query<{ count: number }>('SELECT count(*)::int AS count FROM messages WHERE id = ANY($1)', [
      acknowledged,
    ]);
    assert.equal(rows[0]!.count, acknowledged.length);
  });
});
