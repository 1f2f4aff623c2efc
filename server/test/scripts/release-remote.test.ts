import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { RemoteStatus } from '@hub/shared/api';
import { parseReleaseArgs, publishRelease, releaseFiles, UsageError } from '../../../scripts/release-remote-upload.mjs';
import { DB_KIND, removeWithFile } from '../test-support/helper';
import { manifestOf } from '../test-support/release-manifests';
import { signedInApp } from '../test-support/signed-in-app';

/** A built release as the remote's build leaves it: a manifest, a chunk, and their compressed copies. */
function builtRelease(): string {
  const folder = removeWithFile(mkdtempSync(join(tmpdir(), 'hub-release-')));
  mkdirSync(join(folder, 'static', 'js'), { recursive: true });
  writeFileSync(join(folder, 'mf-manifest.json'), manifestOf(1));
  writeFileSync(join(folder, 'remoteEntry.js'), 'var content;');
  writeFileSync(join(folder, 'static', 'js', '812.3f9a1c2b.js'), 'console.log("chunk");');
  writeFileSync(join(folder, 'static', 'js', '812.3f9a1c2b.js.br'), 'compressed');
  writeFileSync(join(folder, 'static', 'js', '812.3f9a1c2b.js.gz'), 'compressed');
  return folder;
}

describe(`scripts/release-remote.mjs (${DB_KIND})`, () => {
  test('should read its arguments and refuse bad ones, naming what is wrong', () => {
    assert.deepEqual(parseReleaseArgs(['content']), {
      name: 'content',
      version: undefined,
      base: undefined,
      to: undefined,
      token: undefined,
      share: undefined,
      entities: [],
      note: undefined,
    });
    assert.deepEqual(
      parseReleaseArgs(
        ['content', '--to', 'https://portal.test/', '--version', '2.0.0', '--share', '10', '--entity', '3', '--entity', '7'],
        {
          HUB_RELEASE_TOKEN: 'hubrt_x',
        },
      ),
      {
        name: 'content',
        version: '2.0.0',
        base: undefined,
        to: 'https://portal.test',
        token: 'hubrt_x',
        share: 10,
        entities: [3, 7],
        note: undefined,
      },
    );
    assert.equal(parseReleaseArgs(['content', '--base', '']).base, '', 'an empty base: a path of the portal');
    const refused: Array<[string[], RegExp]> = [
      [[], /Name one remote/],
      [['nope'], /Name one remote/],
      [['content', 'admin'], /Name one remote/],
      [['content', '--version', '../1'], /not a folder name/],
      [['content', '--to', 'ftp://portal.test', '--token', 't'], /--to must be an http\(s\) URL/],
      [['content', '--to', 'https://portal.test'], /release token/],
      [['content', '--share', '10'], /--share goes with --to/],
      [['content', '--to', 'https://portal.test', '--token', 't', '--share', '101'], /0–100/],
      [['content', '--to', 'https://portal.test', '--token', 't', '--share', '5.5'], /0–100/],
      [['content', '--to', 'https://portal.test', '--token', 't', '--entity', '0'], /positive whole number/],
      [['content', '--bogus'], /Unknown option/],
    ];
    for (const [argv, message] of refused) {
      assert.throws(
        () => parseReleaseArgs(argv),
        (error: unknown) => error instanceof UsageError && message.test(error.message),
        argv.join(' '),
      );
    }
  });

  test('should list the files of a release without their compressed copies', () => {
    assert.deepEqual(releaseFiles(builtRelease()), ['mf-manifest.json', 'remoteEntry.js', 'static/js/812.3f9a1c2b.js']);
  });

  describe('against a running portal', () => {
    const hub = signedInApp();

    test("should upload a release into the portal's store, register it and start its candidate with a team's token", async () => {
      const address = await hub.app.listen({ port: 0, host: '127.0.0.1' });
      const created = await hub.call('admin@demo.test', 'POST', '/api/admin/remotes/content/tokens', { payload: { label: 'content CI' } });
      assert.equal(created.statusCode, 201, created.body);
      const { token } = created.json() as { token: string };
      const lines: string[] = [];
      const status = await publishRelease({
        name: 'content',
        version: '7.0.0',
        folder: builtRelease(),
        to: address,
        token,
        share: 25,
        note: 'from CI',
        log: (line) => lines.push(line),
      });
      assert.deepEqual(status.candidate, { version: '7.0.0', share: 25, entities: [] });
      assert.equal(lines.length, 3, lines.join('\n'));
      const chunk = await fetch(`${address}/remotes/content/releases/7.0.0/static/js/812.3f9a1c2b.js`);
      assert.equal(chunk.status, 200);
      assert.equal(await chunk.text(), 'console.log("chunk");');
      const listed = await hub.call('admin@demo.test', 'GET', '/api/admin/remotes');
      const content = (listed.json() as { remotes: RemoteStatus[] }).remotes.find((remote) => remote.name === 'content')!;
      assert.equal(content.releases[0]!.manifest_url, '/remotes/content/releases/7.0.0/mf-manifest.json');
      assert.equal(content.releases[0]!.note, 'from CI');

      // The same version again: the portal refuses it, and the command says why.
      await assert.rejects(
        publishRelease({ name: 'content', version: '7.0.0', folder: builtRelease(), to: address, token }),
        /answered 409: This release is registered/,
      );
      // Another remote's token: refused at the first file.
      await assert.rejects(
        publishRelease({ name: 'dashboards', version: '1.0.0', folder: builtRelease(), to: address, token }),
        /answered 403/,
      );
    });
  });
});
