// @one-pass: the remotes list comes from settings.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testConfig } from '../../../test-support/helper';
import { loginAs } from '../../../test-support/test-idp';
import { signedInApp } from '../../../test-support/signed-in-app';

describe(`GET /api/remotes (${DB_KIND})`, () => {
  const hub = signedInApp({
    config: () => ({ remotes: { ...testConfig().remotes, content: 'http://localhost:3001/mf-manifest.json' } }),
    resetData: false,
  });

  const remotesOf = async (email: string) => {
    const response = await hub.app.inject({
      url: '/api/remotes',
      headers: { authorization: `Bearer ${await loginAs(hub.app, hub.idp, email)}` },
    });
    assert.equal(response.statusCode, 200);
    return response.json().remotes as Array<{ name: string; entry: string }>;
  };

  test('should never list the admin remote for a plain user', async () => {
    const remotes = await remotesOf('user@northwind.test');
    assert.deepEqual(
      remotes.map((remote) => remote.name),
      ['content', 'dashboards', 'contact', 'collectmaster'],
    );
  });

  test('should list the admin remote for a contributor and an administrator', async () => {
    for (const email of ['contributor@northwind.test', 'admin@demo.test']) {
      const remotes = await remotesOf(email);
      assert.ok(
        remotes.some((remote) => remote.name === 'admin'),
        email,
      );
      assert.equal(remotes.find((remote) => remote.name === 'admin')!.entry, '/remotes/admin/mf-manifest.json');
    }
  });

  test('should point a remote wherever REMOTE_<NAME>_URL says', async () => {
    const remotes = await remotesOf('user@contoso.test');
    assert.equal(remotes.find((remote) => remote.name === 'content')!.entry, 'http://localhost:3001/mf-manifest.json');
  });

  test('should answer 401 without a token', async () => {
    assert.equal((await hub.app.inject('/api/remotes')).statusCode, 401);
  });
});
