import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { AdminRemoteList, RemoteStatus } from '@hub/shared/api';
import { auditLines } from '../../../../test-support/caller';
import { DB_KIND, removeWithFile, testDb } from '../../../../test-support/helper';
import { manifestOf, startManifestHost, type ManifestHost } from '../../../../test-support/release-manifests';
import { signedInApp } from '../../../../test-support/signed-in-app';

const ADMIN = 'admin@demo.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const USER = 'user@northwind.test';

describe(`the remotes registry's admin calls (${DB_KIND})`, () => {
  let host: ManifestHost;
  // A built release of remote-content in the portal's own folders: its manifest is a path of the portal.
  const staticDir = removeWithFile(mkdtempSync(join(tmpdir(), 'hub-static-')));
  mkdirSync(join(staticDir, 'remote-content', 'dist', 'releases', '3.0.0'), { recursive: true });
  writeFileSync(join(staticDir, 'remote-content', 'dist', 'releases', '3.0.0', 'mf-manifest.json'), manifestOf(1));
  before(async () => {
    host = await startManifestHost();
  });
  after(() => host.close());

  const hub = signedInApp({ config: () => ({ staticDir }) });
  beforeEach(() => hub.app.remotesRepository.reload());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (email: string, method: Method, url: string, payload?: object) => hub.call(email, method, url, { payload });
  const withToken = (token: string, method: Method, url: string, payload?: object) =>
    hub.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const register = (version: string, manifest = host.url('/v1/mf-manifest.json'), remote = 'content', email = ADMIN) =>
    call(email, 'POST', `/api/admin/remotes/${remote}/releases`, { version, manifest_url: manifest, note: `release ${version}` });
  async function status(remote = 'content'): Promise<RemoteStatus> {
    const response = await call(ADMIN, 'GET', '/api/admin/remotes');
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as AdminRemoteList).remotes.find((entry) => entry.name === remote)!;
  }
  const token = async (remote: string, mayPromote = false) => {
    const response = await call(ADMIN, 'POST', `/api/admin/remotes/${remote}/tokens`, { label: `${remote} CI`, may_promote: mayPromote });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as { id: number; token: string };
  };

  test('should list every remote as configured while the registry is empty', async () => {
    const response = await call(ADMIN, 'GET', '/api/admin/remotes');
    assert.equal(response.statusCode, 200, response.body);
    const { remotes } = response.json() as AdminRemoteList;
    assert.deepEqual(
      remotes.map((remote) => [remote.name, remote.stable.version, remote.candidate, remote.releases.length]),
      [
        ['content', 'configured', null, 0],
        ['dashboards', 'configured', null, 0],
        ['contact', 'configured', null, 0],
        ['collectmaster', 'configured', null, 0],
        ['admin', 'configured', null, 0],
      ],
    );
    assert.equal(remotes[4]!.stable.manifest_url, '/remotes/admin/mf-manifest.json');
  });

  test('should register a release after reading its manifest, audited, once per version', async () => {
    const response = await register('2.0.0');
    assert.equal(response.statusCode, 201, response.body);
    const created = response.json() as RemoteStatus;
    assert.equal(created.releases.length, 1);
    const [release] = created.releases;
    assert.equal(release!.version, '2.0.0');
    assert.equal(release!.contract_version, 1);
    assert.equal(release!.note, 'release 2.0.0');
    assert.equal(release!.released_by.user?.name, 'Alice Admin');
    assert.equal(release!.released_by.token, null);
    assert.equal(release!.minutes.length, 60);
    // Registered is not given: the stable release is still the configured one.
    assert.equal(created.stable.version, 'configured');
    const [line] = await auditLines('remote-release.create');
    assert.equal(line?.details?.version, '2.0.0');

    const again = await register('2.0.0', host.url('/v1/other.json'));
    assert.equal(again.statusCode, 409, again.body);
    assert.match(again.json().message, /already registered/);
    // A path of the portal: the portal reads it from itself.
    const own = await register('3.0.0', '/remotes/content/releases/3.0.0/mf-manifest.json');
    assert.equal(own.statusCode, 201, own.body);
    assert.deepEqual(
      (await status()).releases.map((entry) => entry.version),
      ['3.0.0', '2.0.0'],
    );
  });

  test('should refuse a manifest that does not answer or that the shell cannot mount, saying which', async () => {
    const cases: Array<[string, RegExp]> = [
      [host.url('/missing/mf-manifest.json'), /did not answer: HTTP 404/],
      ['http://127.0.0.1:1/mf-manifest.json', /did not answer: it could not be reached/],
      [host.url('/text/mf-manifest.json'), /is not JSON/],
      [host.url('/none/mf-manifest.json'), /names no contract version/],
      [host.url('/v99/mf-manifest.json'), /built against contract version 99; the shell mounts 1/],
      ['/remotes/content/releases/9.9.9/mf-manifest.json', /did not answer: HTTP 404/],
    ];
    for (const [url, message] of cases) {
      const response = await register('4.0.0', url);
      assert.equal(response.statusCode, 422, `${url}: ${response.body}`);
      assert.match(response.json().message, message, url);
      assert.deepEqual(
        response.json().errors.map((error: { field: string }) => error.field),
        ['manifest_url'],
      );
    }
    const badUrl = await register('4.0.0', 'ftp://example.test/mf-manifest.json');
    assert.equal(badUrl.statusCode, 400, badUrl.body);
    assert.equal((await status()).releases.length, 0, 'nothing refused is kept');
  });

  test('should answer 404 for an unknown remote and 400 for a bad or missing version', async () => {
    assert.equal((await register('1.0.0', host.url('/v1/m.json'), 'nope')).statusCode, 404);
    assert.equal((await call(ADMIN, 'PUT', '/api/admin/remotes/nope/rollout', { share: 5 })).statusCode, 404);
    assert.equal((await call(ADMIN, 'POST', '/api/admin/remotes/nope/tokens', { label: 'x' })).statusCode, 404);
    assert.equal((await register('../1.0.0')).statusCode, 400);
    assert.equal((await register('1 0')).statusCode, 400);
    assert.equal(
      (await call(ADMIN, 'POST', '/api/admin/remotes/content/releases', { manifest_url: host.url('/v1/m.json') })).statusCode,
      400,
    );
  });

  test('should start, move, promote and stop a candidate, refusing what does not fit', async () => {
    assert.equal((await register('2.0.0')).statusCode, 201);
    assert.equal((await register('2.1.0')).statusCode, 201);
    const put = (body: object, email = ADMIN) => call(email, 'PUT', '/api/admin/remotes/content/rollout', body);

    assert.equal((await put({})).statusCode, 400);
    for (const share of [-1, 101, 150, 2.5]) assert.equal((await put({ candidate: '2.1.0', share })).statusCode, 400, `share ${share}`);
    const unknown = await put({ candidate: '9.9.9' });
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.match(unknown.json().message, /register it first/);
    assert.equal((await put({ stable: '9.9.9' })).statusCode, 404);
    const noCandidate = await put({ share: 10 });
    assert.equal(noCandidate.statusCode, 422, noCandidate.body);
    const northwind = (await (await testDb()).query<{ entity_id: number }>('SELECT entity_id FROM users WHERE email = $1', [USER])).rows[0]!
      .entity_id;
    assert.equal((await put({ candidate: '2.1.0', entities: [2_000_000] })).statusCode, 422, 'an unknown company');

    const started = await put({ stable: '2.0.0', candidate: '2.1.0', share: 10, entities: [northwind] });
    assert.equal(started.statusCode, 200, started.body);
    assert.deepEqual((started.json() as RemoteStatus).candidate, { version: '2.1.0', share: 10, entities: [northwind] });
    assert.equal((started.json() as RemoteStatus).stable.version, '2.0.0');
    const raised = await put({ share: 50 });
    assert.deepEqual((raised.json() as RemoteStatus).candidate, { version: '2.1.0', share: 50, entities: [northwind] });
    assert.equal((await put({ candidate: '2.0.0' })).statusCode, 422, 'the stable release as candidate');

    const promoted = await put({ stable: '2.1.0' });
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal((promoted.json() as RemoteStatus).stable.version, '2.1.0');
    assert.equal((promoted.json() as RemoteStatus).candidate, null, 'promoting the candidate ends it');

    assert.equal((await put({ candidate: '2.0.0', share: 5 })).statusCode, 200);
    const stopped = await put({ candidate: null });
    assert.equal((stopped.json() as RemoteStatus).candidate, null);
    const lines = await auditLines('remote-rollout.update');
    assert.equal(lines.length, 5);
    assert.deepEqual(lines[0]!.details, {
      remote: 'content',
      before: { stable: '2.1.0', candidate: '2.0.0', share: 5, entities: [] },
      after: { stable: '2.1.0', candidate: null, share: 0, entities: [] },
    });
  });

  test('should refuse everyone but administrators, and display-as', async () => {
    const { id: nina } = (await (await testDb()).query<{ id: number }>('SELECT id FROM users WHERE email = $1', [USER])).rows[0]!;
    for (const email of [USER, CONTRIBUTOR]) {
      assert.equal((await call(email, 'GET', '/api/admin/remotes')).statusCode, 403, email);
      assert.equal((await register('1.0.0', host.url('/v1/m.json'), 'content', email)).statusCode, 403, email);
      assert.equal((await call(email, 'PUT', '/api/admin/remotes/content/rollout', { share: 1 })).statusCode, 403, email);
      assert.equal((await call(email, 'POST', '/api/admin/remotes/content/tokens', { label: 'x' })).statusCode, 403, email);
    }
    const displaying = await hub.call(ADMIN, 'GET', '/api/admin/remotes', { headers: { 'display-as-user-id': String(nina) } });
    assert.equal(displaying.statusCode, 403);
    assert.equal((await hub.app.inject({ url: '/api/admin/remotes' })).statusCode, 401);
  });

  test("should let a team's token release its own remote only, shown once, stored hashed, audited", async () => {
    const content = await token('content');
    assert.match(content.token, /^hubrt_[A-Za-z0-9_-]{40,}$/);
    const { rows } = await (
      await testDb()
    ).query<{ token_hash: Buffer }>('SELECT token_hash FROM remote_release_tokens WHERE id = $1', [content.id]);
    assert.deepEqual(Buffer.from(rows[0]!.token_hash), createHash('sha256').update(content.token).digest(), 'only its SHA-256 is kept');
    const listed = (await status()).tokens;
    assert.deepEqual(
      listed.map((entry) => [entry.label, entry.may_promote, entry.created_by.name, entry.last_used_at, entry.revoked_at]),
      [['content CI', false, 'Alice Admin', null, null]],
    );
    assert.ok(!JSON.stringify(listed).includes(content.token.slice(6)), 'the list never shows the token');

    const created = await withToken(content.token, 'POST', '/api/admin/remotes/content/releases', {
      version: '5.0.0',
      manifest_url: host.url('/v1/mf-manifest.json'),
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual((created.json() as RemoteStatus).releases[0]!.released_by, {
      user: null,
      token: { id: content.id, label: 'content CI' },
    });
    assert.deepEqual((created.json() as RemoteStatus).tokens, [], "a team does not see the tokens' list");
    const moved = await withToken(content.token, 'PUT', '/api/admin/remotes/content/rollout', { candidate: '5.0.0', share: 20 });
    assert.equal(moved.statusCode, 200, moved.body);
    const promote = await withToken(content.token, 'PUT', '/api/admin/remotes/content/rollout', { stable: '5.0.0' });
    assert.equal(promote.statusCode, 403, promote.body);
    assert.match(promote.json().message, /may not promote/);

    // Another remote's calls: 403; the console and the token calls: not a session, 401.
    const other = await withToken(content.token, 'POST', '/api/admin/remotes/dashboards/releases', {
      version: '1.0.0',
      manifest_url: host.url('/v1/mf-manifest.json'),
    });
    assert.equal(other.statusCode, 403, other.body);
    assert.equal((await withToken(content.token, 'PUT', '/api/admin/remotes/admin/rollout', { share: 1 })).statusCode, 403);
    assert.equal((await withToken(content.token, 'GET', '/api/admin/remotes')).statusCode, 401);
    assert.equal((await withToken(content.token, 'POST', '/api/admin/remotes/content/tokens', { label: 'x' })).statusCode, 401);
    assert.equal((await withToken(content.token, 'GET', '/api/remotes')).statusCode, 401);
    assert.equal((await withToken(content.token, 'PUT', '/api/admin/remotes/nope/rollout', { share: 1 })).statusCode, 404);

    const lines = await auditLines('remote-rollout.update');
    assert.equal(lines[0]!.actor_id, null);
    assert.deepEqual(lines[0]!.details?.token, { id: content.id, label: 'content CI' });
    assert.ok((await status()).tokens[0]!.last_used_at !== null, 'its last use is kept');

    const promoter = await token('content', true);
    const promoted = await withToken(promoter.token, 'PUT', '/api/admin/remotes/content/rollout', { stable: '5.0.0' });
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal((promoted.json() as RemoteStatus).stable.version, '5.0.0');

    const revoked = await call(ADMIN, 'DELETE', `/api/admin/remotes/content/tokens/${content.id}`);
    assert.equal(revoked.statusCode, 204, revoked.body);
    assert.equal((await auditLines('release-token.revoke'))[0]!.item_id, content.id);
    const refused = await withToken(content.token, 'PUT', '/api/admin/remotes/content/rollout', { share: 30 });
    assert.equal(refused.statusCode, 401, refused.body);
    assert.equal((await withToken(`${content.token}x`, 'PUT', '/api/admin/remotes/content/rollout', { share: 30 })).statusCode, 401);
    assert.equal(
      (await call(ADMIN, 'DELETE', `/api/admin/remotes/dashboards/tokens/${promoter.id}`)).statusCode,
      404,
      "another remote's token",
    );
    assert.equal((await call(ADMIN, 'DELETE', '/api/admin/remotes/content/tokens/999999')).statusCode, 404);
  });

  test('should serve the figures of each release over the last hour and day', async () => {
    assert.equal((await register('2.0.0')).statusCode, 201);
    const db = await testDb();
    await db.query(
      `INSERT INTO remote_client_counts (minute, remote, version, kind, count) VALUES
         (date_trunc('minute', now()), 'content', '2.0.0', 'mount', 30),
         (date_trunc('minute', now()), 'content', '2.0.0', 'boundary', 2),
         (date_trunc('minute', now()) - interval '10 minutes', 'content', '2.0.0', 'load-failure', 1),
         (date_trunc('minute', now()) - interval '3 hours', 'content', '2.0.0', 'mount', 100),
         (date_trunc('minute', now()) - interval '3 days', 'content', '2.0.0', 'mount', 1000),
         (date_trunc('minute', now()), 'dashboards', '2.0.0', 'mount', 7)`,
    );
    const [release] = (await status()).releases;
    assert.deepEqual(release!.hour, { mounts: 30, errors: 3 });
    assert.deepEqual(release!.day, { mounts: 130, errors: 3 });
    assert.equal(release!.minutes.length, 60);
    assert.deepEqual(release!.minutes[59], { mounts: 30, errors: 2 });
    assert.deepEqual(release!.minutes[49], { mounts: 0, errors: 1 });
    assert.equal(
      release!.minutes.reduce((sum, point) => sum + point.mounts, 0),
      30,
    );
  });

  test('should allow the origins of registered releases in the content security policy, and no others', async () => {
    const policy = async () => (await hub.app.inject('/api/health')).headers['content-security-policy'] as string;
    const directive = (text: string, name: string) => text.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    assert.ok(!(await policy()).includes(host.origin));
    assert.equal((await register('2.0.0')).statusCode, 201);
    const allowed = await policy();
    for (const name of ['script-src', 'style-src', 'connect-src', 'font-src']) {
      assert.ok(directive(allowed, name).includes(host.origin), `${name}: ${directive(allowed, name)}`);
    }
    assert.ok(!allowed.includes('127.0.0.1:1 '), 'a refused manifest adds nothing');
    // Released files from the portal's own folders add no origin.
    assert.equal((await register('3.0.0', '/remotes/content/releases/3.0.0/mf-manifest.json')).statusCode, 201);
    assert.equal(directive(await policy(), 'script-src'), directive(allowed, 'script-src'));
  });

  test("should keep a release's uploaded files in the portal's store and serve them for a year", async () => {
    const { token: team } = await token('content');
    const upload = (path: string, payload: string | Buffer, remote = 'content', version = '6.0.0', bearer = team) =>
      hub.app.inject({
        method: 'PUT',
        url: `/api/admin/remotes/${remote}/releases/${version}/files/${path}`,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/octet-stream' },
        payload,
      });
    const manifest = await upload('mf-manifest.json', manifestOf(1));
    assert.equal(manifest.statusCode, 201, manifest.body);
    assert.deepEqual(manifest.json(), { path: 'mf-manifest.json', size: Buffer.byteLength(manifestOf(1)) });
    assert.equal((await upload('static/js/812.3f9a1c2b.js', 'console.log(1);')).statusCode, 201);

    const served = await hub.app.inject('/remotes/content/releases/6.0.0/static/js/812.3f9a1c2b.js');
    assert.equal(served.statusCode, 200);
    assert.equal(served.body, 'console.log(1);');
    assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(served.headers['content-type']), /^text\/javascript/);
    assert.equal((await hub.app.inject('/remotes/content/releases/6.0.1/static/js/812.3f9a1c2b.js')).statusCode, 404);
    assert.equal((await hub.app.inject('/remotes/dashboards/releases/6.0.0/static/js/812.3f9a1c2b.js')).statusCode, 404);
    // The releases the script built into the portal's folders are still served.
    assert.equal((await hub.app.inject('/remotes/content/releases/3.0.0/mf-manifest.json')).statusCode, 200);

    for (const path of ['.env', 'static/../../secret', 'a/.hidden', 'a//b', `${'x/'.repeat(9)}y`]) {
      const refused = await upload(path, 'x');
      assert.ok([400, 404].includes(refused.statusCode), `${path}: ${refused.statusCode}`);
    }
    assert.equal((await upload('big.js', Buffer.alloc(20 * 1024 * 1024 + 1))).statusCode, 413);
    assert.equal((await hub.app.inject('/remotes/content/releases/6.0.0/big.js')).statusCode, 404, 'nothing of a refused file is kept');
    assert.equal((await upload('x.js', 'x', 'dashboards')).statusCode, 403, "another remote's release");
    assert.equal((await upload('x.js', 'x', 'content', 'bad version')).statusCode, 400);

    const registered = await call(ADMIN, 'POST', '/api/admin/remotes/content/releases', {
      version: '6.0.0',
      manifest_url: '/remotes/content/releases/6.0.0/mf-manifest.json',
    });
    assert.equal(registered.statusCode, 201, registered.body);
    assert.equal((await upload('static/js/812.3f9a1c2b.js', 'changed')).statusCode, 409, 'a registered release never changes');
    assert.equal((await hub.app.inject('/remotes/content/releases/6.0.0/static/js/812.3f9a1c2b.js')).body, 'console.log(1);');
    assert.equal((await auditLines('remote-release.upload')).length, 2);
  });
});
