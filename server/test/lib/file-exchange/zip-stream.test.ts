// @one-pass: pure code.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { crc32 } from 'node:zlib';
import { zipStream, type ZipEntry } from '../../../src/lib/file-exchange/zip-stream';

async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Chunks of `bytes` of `size` bytes each, as a store's stream gives them. */
const streamOf = (bytes: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

interface Read {
  name: string;
  flags: number;
  crc: number;
  size: number;
  data: Buffer;
  time: number;
  date: number;
  externalAttributes: number;
}

/**
 * Reads a zip the way an extractor does: the end record, then the central directory, then each
 * entry's local header and its bytes where the central directory says they are.
 */
function readZip(zip: Buffer): Read[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'an end of central directory record');
  assert.equal(end, zip.length - 22, 'the end record closes the zip (no comment)');
  const count = zip.readUInt16LE(end + 10);
  const centralSize = zip.readUInt32LE(end + 12);
  const centralOffset = zip.readUInt32LE(end + 16);
  assert.equal(centralOffset + centralSize, end, 'the central directory ends where the end record starts');
  const entries: Read[] = [];
  let at = centralOffset;
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'a central directory header');
    const method = zip.readUInt16LE(at + 10);
    assert.equal(method, 0, 'stored');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const size = zip.readUInt32LE(at + 24);
    assert.equal(zip.readUInt32LE(at + 20), size, 'stored: compressed size is the size');
    assert.equal(zip.readUInt32LE(local), 0x04034b50, 'a local file header where the central directory points');
    const localName = zip.readUInt16LE(local + 26);
    const localExtra = zip.readUInt16LE(local + 28);
    assert.equal(zip.subarray(local + 30, local + 30 + localName).toString('utf8'), name);
    const dataAt = local + 30 + localName + localExtra;
    const data = zip.subarray(dataAt, dataAt + size);
    const crc = zip.readUInt32LE(at + 16);
    assert.equal(zip.readUInt32LE(dataAt + size), 0x08074b50, 'a data descriptor after the bytes');
    assert.equal(zip.readUInt32LE(dataAt + size + 4), crc, "the descriptor's CRC is the central directory's");
    assert.equal(zip.readUInt32LE(dataAt + size + 8), size);
    entries.push({
      name,
      flags: zip.readUInt16LE(at + 8),
      crc,
      size,
      data,
      time: zip.readUInt16LE(at + 12),
      date: zip.readUInt16LE(at + 14),
      externalAttributes: zip.readUInt32LE(at + 38),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  assert.equal(at, end);
  return entries;
}

describe('zipStream', () => {
  test('should hold every entry with its bytes, name, CRC-32 and date, in order', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const small = Buffer.from('region;sales\nnorth;12\n');
    const date = new Date(2026, 10, 23, 14, 35, 42);
    const zip = await zipOf([
      { name: 'sales 2026.csv', date, open: async () => streamOf(small) },
      { name: 'données-été.bin', date, open: async () => streamOf(big, 1024 * 1024) },
      { name: 'empty.txt', date, open: async () => streamOf(Buffer.alloc(0)) },
    ]);
    const entries = readZip(zip);
    assert.deepEqual(
      entries.map((entry) => entry.name),
      ['sales 2026.csv', 'données-été.bin', 'empty.txt'],
    );
    assert.deepEqual(entries[0]!.data, small);
    assert.ok(entries[1]!.data.equals(big), 'the 3 MB entry is the source');
    assert.equal(entries[2]!.size, 0);
    for (const entry of entries) {
      assert.equal(entry.crc, crc32(entry.data), `${entry.name}: CRC-32 of its bytes`);
      assert.equal(entry.flags & 0x0800, 0x0800, 'names in UTF-8');
      assert.equal(entry.time, (14 << 11) | (35 << 5) | 21);
      assert.equal(entry.date, ((2026 - 1980) << 9) | (11 << 5) | 23);
      assert.equal(entry.externalAttributes >>> 16, 0o100644, 'a regular file, rw-r--r--');
    }
    assert.equal(entries[1]!.crc, crc32(big));
  });

  test('should leave out an entry whose bytes are gone, and make an empty zip of none', async () => {
    const date = new Date(2026, 0, 1);
    const zip = await zipOf([
      { name: 'gone.csv', date, open: async () => null },
      { name: 'here.csv', date, open: async () => streamOf(Buffer.from('a')) },
    ]);
    assert.deepEqual(
      readZip(zip).map((entry) => entry.name),
      ['here.csv'],
    );
    const empty = await zipOf([]);
    assert.equal(empty.length, 22, 'only the end record');
    assert.deepEqual(readZip(empty), []);
  });

  test('should open each entry only when the previous one is written, and close the open one when stopped', async () => {
    const opened: string[] = [];
    let destroyed = false;
    const entry = (name: string): ZipEntry => ({
      name,
      date: new Date(),
      open: async () => {
        opened.push(name);
        const stream = streamOf(randomBytes(256 * 1024), 1024);
        stream.on('close', () => (destroyed = true));
        return stream;
      },
    });
    const iterator = zipStream([entry('a'), entry('b'), entry('c')]);
    await iterator.next(); // a's local header
    await iterator.next(); // a's first chunk
    assert.deepEqual(opened, ['a'], 'b is not opened while a is being written');
    await iterator.return(undefined);
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(destroyed, "a's stream is closed when the zip is abandoned");
    assert.deepEqual(opened, ['a']);
  });

  test('should fail when an entry fails to read', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    await assert.rejects(zipOf([{ name: 'x', date: new Date(), open: async () => failing }]), /disk gone/);
  });
});
