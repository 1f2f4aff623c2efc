// @one-pass: settings are read the same whatever the database.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/plugins/external/config';
import { removeWithFile } from '../../test-support/helper';

const dataDir = removeWithFile(mkdtempSync(join(tmpdir(), 'hub-files-config-')));

async function refused(env: Record<string, string>, variable: string) {
  await assert.rejects(loadConfig({ DATA_DIR: dataDir, ...env }), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.variable, variable);
    return true;
  });
}

describe('file exchange configuration', () => {
  test('should default to 5 GB files in a folder under DATA_DIR', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir });
    assert.equal(config.filesMaxSize, 5 * 1024 * 1024 * 1024);
    assert.equal(config.s3, null);
  });

  test('should read FILES_MAX_SIZE and an S3-compatible store, and name a bad or missing variable', async () => {
    const config = await loadConfig({
      DATA_DIR: dataDir,
      FILES_MAX_SIZE: '1048576',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'hub',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    assert.equal(config.filesMaxSize, 1048576);
    assert.deepEqual(config.s3, {
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'hub',
      region: 'eu-west-3',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    await refused({ FILES_MAX_SIZE: '5GB' }, 'FILES_MAX_SIZE');
    await refused({ FILES_MAX_SIZE: '0' }, 'FILES_MAX_SIZE');
    await refused({ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET');
    await refused({ S3_BUCKET: 'hub' }, 'S3_REGION');
    await refused({ S3_BUCKET: 'hub', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY');
    await refused({ S3_BUCKET: 'hub', S3_REGION: 'x', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT');
  });
});
