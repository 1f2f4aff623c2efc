import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/lib/file-exchange/exchange-storage';

export interface TestS3 {
  config: S3Config;
  /** The folder s3rver keeps its objects in (tests count what is left there). */
  directory: string;
  close(): Promise<void>;
}

/** An S3-compatible server on loopback (s3rver, in this process), with an empty bucket. */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'hub-s3-'));
  const bucket = 'hub-files';
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
