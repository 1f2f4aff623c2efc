import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { HEADERS, type RemoteEntry } from '@hub/shared/api';
import { buildApp } from '../../../../src/app';
import { releaseBucket } from '../../../../src/lib/remotes/release-assignment';
import { anotherPostgresHandle, DB_KIND, testConfig, testDb, userId } from '../../../test-support/helper';
import { readUntil } from '../../../test-support/read-until';
import { startManifestHost, type ManifestHost } from '../../../test-support/release-manifests';
import { signedInApp } from '../../../test-support/signed-in-app';
import { loginAs } from '../../../test-support/test-idp';

const ADMIN = 'admin@demo.test';
const NINA = 'user@northwind.test';
const CARL = 'user@contoso.test';

describe(`GET /api/remotes with the registry (${DB_KIND})`, () => {
  let host: ManifestHost;
  before(async () => {
    host = await startManifestHost();
  });
  after(() => host.close());
  const hub = signedInApp();
  beforeEach(() => hub.app.remotesRepository.reload());

  const content = async (email: string, headers: Record<string, string> = {}) => {
    const response = await hub.call(email, 'GET', '/api/remotes', { headers });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json().remotes as RemoteEntry[]).find((remote) => remote.name === 'content')!;
  };
  const admin = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await hub.call(ADMIN, method, url, { payload });
    assert.ok(response.statusCode < 300, response.body);
  };
  const release = (version: string) =>
    admin('POST', '/api/admin/remotes/content/releases', { version, manifest_url: host.url(`/v1/${version}/mf-manifest.json`) });
  const rollout = (body: object) => admin('PUT', '/api/admin/remotes/content/rollout', body);
  const entityOf = async (email: string) =>
    (await (await testDb()).query<{ entity_id: number }>('SELECT entity_id FROM users WHERE email = $1', [email])).rows[0]!.entity_id;

  test('should give the configured release while the registry holds none', async () => {
    assert.deepEqual(await content(NINA), { name: 'content', entry: '/remotes/content/mf-manifest.json', version: 'configured' });
  });

  test('should give the stable release, and the candidate to the people of its share, the same on every call', async () => {
    await release('1.0.0');
    await release('1.1.0');
    await rollout({ stable: '1.0.0' });
    assert.deepEqual(await content(NINA), { name: 'content', entry: host.url('/v1/1.0.0/mf-manifest.json'), version: '1.0.0' });

    // A share that puts Nina in and Carl out, from their places.
    const nina = releaseBucket(await userId(NINA), 'content');
    const carl = releaseBucket(await userId(CARL), 'content');
    if (nina === carl) return assert.fail('the demo people share a place: choose others');
    const share = Math.max(nina, carl);
    const inside = nina < carl ? NINA : CARL;
    const outside = inside === NINA ? CARL : NINA;
    await rollout({ candidate: '1.1.0', share });
    for (let call = 0; call < 5; call += 1) {
      assert.equal((await content(inside)).version, '1.1.0', `${inside}, call ${call}`);
      assert.equal((await content(outside)).version, '1.0.0', `${outside}, call ${call}`);
      hub.forget(); // a new sign-in: another device
    }
    // Raising the share keeps who had it; 100 % is everyone; 0 % is no one.
    await rollout({ share: Math.min(share + 1, 100) });
    assert.equal((await content(inside)).version, '1.1.0');
    assert.equal((await content(outside)).version, '1.1.0');
    await rollout({ share: 0 });
    assert.equal((await content(inside)).version, '1.0.0');
    // A company in the list: all its people.
    await rollout({ entities: [await entityOf(CARL)] });
    assert.equal((await content(CARL)).version, '1.1.0');
    assert.equal((await content(NINA)).version, '1.0.0');
    // Stopped: the stable one for everyone.
    await rollout({ candidate: null });
    assert.equal((await content(CARL)).version, '1.0.0');
  });

  test('should give the displayed person their release under display-as', async () => {
    await release('1.0.0');
    await release('1.1.0');
    await rollout({ stable: '1.0.0', candidate: '1.1.0', entities: [await entityOf(CARL)] });
    assert.equal((await content(ADMIN)).version, '1.0.0');
    assert.equal((await content(ADMIN, { [HEADERS.displayAsUserId]: String(await userId(CARL)) })).version, '1.1.0');
    assert.equal((await content(ADMIN, { [HEADERS.displayAsUserId]: String(await userId(NINA)) })).version, '1.0.0');
  });

  test('should write when a release was last given, at most once a minute', async () => {
    await release('1.0.0');
    await rollout({ stable: '1.0.0' });
    const db = await testDb();
    await db.query(`UPDATE remote_releases SET last_given_at = now() - interval '30 days'`);
    await content(NINA);
    const lastGiven = async () =>
      (
        await db.query<{ days: number }>(
          `SELECT extract(day FROM now() - last_given_at)::int AS days FROM remote_releases WHERE version = '1.0.0'`,
        )
      ).rows[0]!.days;
    assert.equal(await lastGiven(), 30, 'not written on the call itself');
    // The app writes them when closed, as every minute.
    const other = await buildApp(testConfig(), { db: await testDb(), fastify: { logger: false } });
    await other.ready();
    const token = await loginAs(hub.app, hub.idp, NINA);
    assert.equal((await other.inject({ url: '/api/remotes', headers: { authorization: `Bearer ${token}` } })).statusCode, 200);
    await other.close();
    assert.equal(await lastGiven(), 0);
  });

  test(
    'should reach another process within 5 s of a change, whoever wrote it',
    { skip: DB_KIND === 'pglite' && 'two processes need PostgreSQL' },
    async () => {
      await release('1.0.0');
      await release('1.1.0');
      // Another server process: its own connections to the same database.
      const handle = await anotherPostgresHandle();
      const second = await buildApp(testConfig(), { db: handle, fastify: { logger: false } });
      try {
        await second.ready();
        const token = await loginAs(hub.app, hub.idp, CARL);
        const secondSays = () =>
          second
            .inject({ url: '/api/remotes', headers: { authorization: `Bearer ${token}` } })
            .then((response) => (response.json().remotes as RemoteEntry[]).find((remote) => remote.name === 'content')!.version);
        assert.equal(await secondSays(), 'configured');
        const started = Date.now();
        await rollout({ stable: '1.0.0', candidate: '1.1.0', share: 100 });
        assert.equal(await readUntil(secondSays, (version) => version === '1.1.0', 5000), '1.1.0');
        assert.ok(Date.now() - started < 5000);
        // A write by neither app (psql, the automatic roll-back): heard through the database.
        await (await testDb()).query(`UPDATE remote_rollouts SET candidate_share = 0, candidate_entities = '{}' WHERE remote = 'content'`);
        assert.equal(await readUntil(secondSays, (version) => version === '1.0.0', 5000), '1.0.0');
      } finally {
        await second.close();
        await handle.close();
      }
    },
  );
});
