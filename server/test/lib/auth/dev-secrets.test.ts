import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { readOrCreateSecret } from '../../../src/lib/auth/dev-secrets';

// Two server processes started at once on one DATA_DIR (deploy/nginx.conf's set-up) both create the
// embedded provider's keys: one of them read the other's file while it was still being written, and
// stopped on "Unexpected end of JSON input".
describe('development secrets kept in DATA_DIR', () => {
  test('should give every concurrent caller the same whole secret, and leave no temporary file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hub-secrets-'));
    try {
      const values = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          readOrCreateSecret(dataDir, 'keys.json', async () => {
            await new Promise((resolve) => setTimeout(resolve, (index * 7) % 5));
            // Large enough that writing it takes more than one step.
            return JSON.stringify({ caller: index, padding: 'x'.repeat(256 * 1024) });
          }),
        ),
      );
      const kept = (await readFile(join(dataDir, 'secrets', 'keys.json'), 'utf8')).trim();
      assert.equal(typeof JSON.parse(kept).caller, 'number');
      assert.deepEqual(new Set(values), new Set([kept]));
      assert.deepEqual(await readdir(join(dataDir, 'secrets')), ['keys.json']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('should replace an empty file left by an interrupted write', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hub-secrets-'));
    try {
      await mkdir(join(dataDir, 'secrets'));
      await writeFile(join(dataDir, 'secrets', 'session-secret'), '');
      assert.equal(await readOrCreateSecret(dataDir, 'session-secret', () => 'fresh'), 'fresh');
      assert.equal(await readOrCreateSecret(dataDir, 'session-secret', () => 'other'), 'fresh');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
