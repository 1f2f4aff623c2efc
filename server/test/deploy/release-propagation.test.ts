// @one-pass: its own processes, cluster and nginx.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RemoteList } from '@hub/shared/api';
import type { ServerProcess } from '../faults/server-process';
import { startManifestHost, type ManifestHost } from '../test-support/release-manifests';
import { deploymentMissing, sleep, startDeployment, type Deployment } from './deployment';

const ADMIN = 'admin@demo.test';
const USER = 'user@northwind.test';
/** What a person must see on every process after a change of the registry (docs/releasing.md). */
const WITHIN_MS = 5_000;
// Processes and a cluster of their own: once per run (see // @one-pass), where PostgreSQL and nginx are installed.
const skip = deploymentMissing();

describe('a release reaches every process behind nginx without a restart', { skip }, () => {
  let deployment: Deployment;
  let host: ManifestHost;

  before(async () => {
    host = await startManifestHost();
    deployment = await startDeployment();
  });
  after(async () => {
    await deployment?.stop();
    await host?.close();
  });

  test('should give the candidate, then take it back, on both processes within 5 s of each change', async () => {
    const { a, b, front, signIn, db } = deployment;
    const admin = await signIn(front, ADMIN);
    const user = await signIn(front, USER);
    const { rows } = await db.query<{ entity_id: number }>('SELECT entity_id FROM users WHERE email = $1', [USER]);
    const company = rows[0]!.entity_id;

    const write = async (server: ServerProcess, method: 'POST' | 'PUT', path: string, body: object) => {
      const response = await fetch(`${server.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.ok(response.status === 200 || response.status === 201, `${method} ${path}: ${response.status} ${await response.text()}`);
    };
    /** The version of remote-content that the person gets from `server`, asked directly (not through nginx). */
    const versionOn = async (server: ServerProcess) => {
      const response = await fetch(`${server.base}/api/remotes`, { headers: { authorization: `Bearer ${user}` } });
      assert.equal(response.status, 200, await response.clone().text());
      return ((await response.json()) as RemoteList).remotes.find((remote) => remote.name === 'content')!.version;
    };
    /** Polls both processes until each gives `version`: the milliseconds each took, from `since`. */
    const seenWithin = async (version: string, since: number, what: string) => {
      const took: number[] = [];
      for (const server of [a, b]) {
        let given = await versionOn(server);
        while (given !== version && Date.now() - since < WITHIN_MS) {
          await sleep(20);
          given = await versionOn(server);
        }
        assert.equal(given, version, `${what}: ${server === a ? 'process A' : 'process B'} gives ${version} within ${WITHIN_MS} ms`);
        took.push(Date.now() - since);
      }
      return took;
    };

    assert.deepEqual([await versionOn(a), await versionOn(b)], ['configured', 'configured'], 'before any release');
    const figures: string[] = [];
    const change = async (what: string, version: string, apply: () => Promise<void>) => {
      const since = Date.now();
      await apply();
      const took = await seenWithin(version, since, what);
      figures.push(`${what}: ${took.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(' / ')}`);
    };

    // Through process A: register a release and start it as the candidate for the person's company.
    await write(a, 'POST', '/api/admin/remotes/content/releases', { version: '2.0.0', manifest_url: host.url('/v1/mf-manifest.json') });
    await change('candidate for the company (A)', '2.0.0', () =>
      write(a, 'PUT', '/api/admin/remotes/content/rollout', { candidate: '2.0.0', share: 0, entities: [company] }),
    );
    // Through process B: the company out, no share: the person is back on the stable release.
    await change('company taken out (B)', 'configured', () =>
      write(b, 'PUT', '/api/admin/remotes/content/rollout', { share: 0, entities: [] }),
    );
    // Through process A: everyone.
    await change('share 100 % (A)', '2.0.0', () => write(a, 'PUT', '/api/admin/remotes/content/rollout', { share: 100 }));
    // Straight in SQL, as the automatic roll-back (rollback-job.ts) or psql writes it: no process wrote it.
    await change('roll-back in SQL', 'configured', async () => {
      await db.query(
        `UPDATE remote_rollouts SET candidate_share = 0, candidate_entities = '{}', updated_at = now() WHERE remote = 'content'`,
      );
    });
    // And a promotion in SQL: the stable release is the registered one.
    await change('promotion in SQL', '2.0.0', async () => {
      await db.query(
        `UPDATE remote_rollouts SET stable_release = (SELECT id FROM remote_releases WHERE remote = 'content' AND version = '2.0.0'),
                candidate_release = NULL, updated_at = now() WHERE remote = 'content'`,
      );
    });
    // Figures for docs/releasing.md (printed; each is asserted under 5 s above).
    console.log(`propagation (process A / process B): ${figures.join('; ')}`);
  });
});
