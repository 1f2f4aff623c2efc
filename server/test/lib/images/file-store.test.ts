// @one-pass: files on disk.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { after, describe, test } from 'node:test';
import { diskFileStore } from '../../../src/lib/images/file-store';
import { ImageTypeCheck } from '../../../src/lib/images/image-type';

describe('the disk file store', () => {
  const root = mkdtempSync(join(tmpdir(), 'hub-file-store-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const store = diskFileStore(root);

  test('should keep nothing of a stream that fails, even one that fails before its file is open', async () => {
    // A source that has already failed (an upload refused or cut off at once) fails the store's
    // pipeline while the temporary file is still being opened: the file then appears after the
    // failure, and must still be removed before put() answers.
    for (let attempt = 0; attempt < 20; attempt++) {
      const source = new PassThrough();
      source.destroy(new Error('refused'));
      await assert.rejects(store.put(`key-${attempt}`, source), { message: 'refused' });
      assert.deepEqual(readdirSync(root), [], `attempt ${attempt}`);
    }
  });

  test('should keep nothing of an upload the image check refuses as it ends', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const source = new PassThrough();
      const checked = pipeline(source, new ImageTypeCheck(), () => undefined);
      const stored = store.put(`key-${attempt}`, checked);
      source.end(Buffer.from([1, 2]));
      await assert.rejects(stored, { message: 'Only jpeg, png, gif and webp images are accepted' });
      assert.deepEqual(readdirSync(root), [], `attempt ${attempt}`);
    }
  });

  test('should store a whole stream under its key, and nothing else', async () => {
    const { size } = await store.put('whole', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    assert.equal(size, 11);
    assert.deepEqual(readdirSync(root), ['whole']);
    await store.delete('whole');
    assert.deepEqual(readdirSync(root), []);
  });
});
