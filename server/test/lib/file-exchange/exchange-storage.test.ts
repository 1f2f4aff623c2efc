import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { diskExchangeStore, s3ExchangeStore, type ExchangeStore } from '../../../src/lib/file-exchange/exchange-storage';
import { startTestS3, type TestS3 } from '../../test-support/s3-server';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The same suite for the folder under DATA_DIR and for an S3-compatible server on loopback. */
for (const kind of ['disk', 's3'] as const) {
  describe(`the exchange store (${kind})`, () => {
    let store: ExchangeStore;
    let s3: TestS3 | null = null;
    const root = mkdtempSync(join(tmpdir(), 'hub-exchange-store-'));
    before(async () => {
      if (kind === 's3') {
        s3 = await startTestS3();
        store = s3ExchangeStore(s3.config, join(root, 'uploads'));
        mkdirSync(join(root, 'uploads'));
      } else {
        store = diskExchangeStore(join(root, 'files'), join(root, 'uploads'));
        mkdirSync(join(root, 'files'));
        mkdirSync(join(root, 'uploads'));
      }
    });
    after(async () => {
      await s3?.close();
      rmSync(root, { recursive: true, force: true });
    });

    test('should store a whole stream under its key and give the same bytes back', async () => {
      // 12 MB in 1 MB chunks: more than one part of an S3 multipart upload.
      const chunks = Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024 * 1024, i + 1));
      const { size } = await store.put('fx-whole', Readable.from(chunks));
      assert.equal(size, 12 * 1024 * 1024);
      assert.equal(await store.has('fx-whole'), true);
      const got = await store.get('fx-whole');
      assert.ok(got);
      assert.equal(got.size, size);
      const bytes = await read(got.stream);
      assert.equal(createHash('sha256').update(bytes).digest('hex'), createHash('sha256').update(Buffer.concat(chunks)).digest('hex'));
      await store.delete('fx-whole');
      assert.equal(await store.has('fx-whole'), false);
      assert.equal(await store.get('fx-whole'), null);
    });

    test('should keep nothing of a stream that fails halfway', async () => {
      const source = new PassThrough();
      const stored = store.put('fx-broken', source);
      source.write(Buffer.alloc(256 * 1024, 7));
      setTimeout(() => source.destroy(new Error('connection lost')), 20);
      await assert.rejects(stored);
      assert.equal(await store.has('fx-broken'), false);
      if (kind === 'disk') assert.deepEqual(readdirSync(join(root, 'files')), []);
    });

    test('should treat deleting a missing key as done, and refuse a key with a path in it', async () => {
      await store.delete('fx-never-there');
      await assert.rejects(store.put('../escape', Readable.from([Buffer.from('x')])), /Invalid storage key/);
    });
  });
}
