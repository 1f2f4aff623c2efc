import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { FILE_EXCHANGE_MESSAGES, LIMITS } from '@hub/shared/api';
import { demoPng } from '../../src/db/seed/demo-images';
import { DB_KIND, testDb } from '../test-support/helper';
import { idOf } from '../test-support/caller';
import { filesCaller, filesForm } from '../test-support/files-caller';
import { signedInApp } from '../test-support/signed-in-app';

/**
 * Hostile uploads on both upload routes a customer reaches: the profile picture (POST /api/images)
 * and Collectmaster's multipart upload. Each is refused with the catalogue message, or stored
 * harmlessly (a cleaned name; bytes served with a type that cannot run, nosniff, and as an
 * attachment for exchanged files); a refused one leaves no file and no row.
 */

const USER = 'user@northwind.test';
const PNG = demoPng(4, 3, [10, 120, 200]);
const SCRIPT = Buffer.from('<script>alert(document.cookie)</script>\n#!/bin/sh\nrm -rf /\n');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
/** A real PNG signature and IHDR declaring 50,000 × 50,000 pixels (2.5 billion), then nothing. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(50_000, 16);
  header.writeUInt32BE(50_000, 20);
  header.writeUInt8(8, 24); // bit depth
  header.writeUInt8(6, 25); // RGBA
  return Buffer.concat([header, Buffer.alloc(64)]);
}
const RLO = '\u202e';
/** A control character, a bidirectional override or isolate. */
const hasControl = (text: string) =>
  [...text].some((char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
  });
const HOSTILE_NAMES: Array<{ label: string; name: string; clean: (name: string) => boolean }> = [
  { label: '../', name: '../../../etc/passwd.png', clean: (name) => name === 'passwd.png' },
  { label: 'NUL', name: 'photo\u0000.php.png', clean: (name) => !name.includes('\u0000') && name.endsWith('.png') },
  { label: '1,000 characters', name: `${'a'.repeat(996)}.png`, clean: (name) => name.length <= 200 && name.endsWith('.png') },
  { label: 'right-to-left override', name: `invoice${RLO}gnp.exe`, clean: (name) => !name.includes(RLO) },
];

/** A multipart body of `size` file bytes streamed in 1 MB chunks, never held whole; no Content-Length when `length` is false. */
function bigForm(field: string, size: number, fields: Record<string, string>, length = true) {
  const boundary = '----hub-hostile-boundary';
  const fieldParts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fieldParts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const zeros = Buffer.alloc(1024 * 1024);
  async function* body() {
    yield head;
    yield PNG.subarray(0, 33);
    let left = size - 33;
    while (left > 0) {
      const chunk = zeros.subarray(0, Math.min(left, zeros.length));
      left -= chunk.length;
      yield chunk;
    }
    yield tail;
  }
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (length) headers['content-length'] = String(head.length + size + tail.length);
  return { payload: Readable.from(body()), headers };
}

async function imageForm(fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string }) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://x', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function count(sql: string): Promise<number> {
  const { rows } = await (await testDb()).query<{ count: number }>(sql);
  return rows[0]!.count;
}

const MB = 1024 * 1024;

describe(`hostile uploads: profile pictures (${DB_KIND})`, () => {
  const hub = signedInApp();
  const folder = () => join(hub.app.config.dataDir, 'files', 'images');
  const files = () => readdirSync(folder()).sort();
  const upload = (body: { payload: Buffer | Readable; headers: Record<string, string> }) =>
    hub.call(USER, 'POST', '/api/images', { payload: body.payload, headers: body.headers });
  const rows = () => count('SELECT count(*)::int AS count FROM images');

  async function refused(body: { payload: Buffer | Readable; headers: Record<string, string> }, message: string) {
    const [beforeFiles, beforeRows] = [files(), await rows()];
    const response = await upload(body);
    assert.equal(response.statusCode, 400, response.body);
    // `errors` names the refused field as data (test/routes/api/field-errors.test.ts); here, the words.
    const { errors: _named, ...answer } = response.json() as Record<string, unknown>;
    assert.deepEqual(answer, { statusCode: 400, error: 'Bad Request', message });
    assert.deepEqual(files(), beforeFiles, 'no file, not even a temporary one, is left');
    assert.equal(await rows(), beforeRows, 'no row');
  }

  test('should refuse a script renamed .png and an SVG with script, keeping nothing', async () => {
    const notAnImage = 'Only jpeg, png, gif and webp images are accepted';
    await refused(await imageForm({ category: 'profile' }, { bytes: SCRIPT, name: 'avatar.png', type: 'image/png' }), notAnImage);
    await refused(await imageForm({ category: 'profile' }, { bytes: SVG, name: 'avatar.svg', type: 'image/svg+xml' }), notAnImage);
    await refused(await imageForm({ category: 'profile' }, { bytes: SVG, name: 'avatar.png', type: 'image/png' }), notAnImage);
  });

  test('should refuse a PNG whose header declares 50,000 × 50,000 pixels, keeping nothing', async () => {
    await refused(
      await imageForm({ category: 'profile' }, { bytes: pngBomb(), name: 'bomb.png', type: 'image/png' }),
      'Image dimensions should be at most 100 million pixels',
    );
  });

  test("should refuse a 0-byte file with 'File is Required', keeping nothing", async () => {
    await refused(
      await imageForm({ category: 'profile' }, { bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }),
      'File is Required',
    );
  });

  for (const { label, name, clean } of HOSTILE_NAMES) {
    test(`should store a picture named with ${label} under a cleaned name, served as an image with nosniff`, async () => {
      const response = await upload(await imageForm({ category: 'profile' }, { bytes: PNG, name, type: 'image/png' }));
      assert.equal(response.statusCode, 201, response.body);
      const image = response.json() as { name: string; url: string };
      assert.ok(clean(image.name), `stored name ${JSON.stringify(image.name)}`);
      assert.ok(!hasControl(image.name), 'no control or override character');
      // The bytes live under a key the server made, never under the name sent.
      assert.ok(files().every((file) => !file.includes('passwd') && !file.includes('..') && file.length <= 128));
      const served = await hub.app.inject(new URL(image.url).pathname + new URL(image.url).search);
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/png');
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.deepEqual(served.rawPayload, PNG);
    });
  }

  test('should refuse a picture of 50 MB while streaming, keep nothing, and not hold it in memory', async () => {
    // Signed in first: the sign-in's own allocations are not the upload's.
    assert.equal((await hub.call(USER, 'GET', '/api/auth/user')).statusCode, 200);
    const rss = process.memoryUsage().rss;
    await refused(bigForm('file', LIMITS.imageMaxBytes, { category: 'profile' }), 'Image size should be less than 50 MB !');
    const growth = process.memoryUsage().rss - rss;
    assert.ok(growth < 50 * MB, `RSS grew by ${Math.round(growth / MB)} MB`);
  });
});

describe(`hostile uploads: the file exchange (${DB_KIND})`, () => {
  const LIMIT = MB;
  const hub = signedInApp({ config: () => ({ filesMaxSize: LIMIT }) });
  const exchange = filesCaller(
    () => hub.app,
    () => hub.idp,
  );
  const stores = () =>
    ['exchange', 'exchange-uploads'].flatMap((name) => {
      const path = join(hub.app.config.dataDir, 'files', name);
      return existsSync(path) ? readdirSync(path).map((file) => `${name}/${file}`) : [];
    });
  const rows = () => count('SELECT count(*)::int AS count FROM exchange_files');
  async function target() {
    const folder = await idOf(`SELECT id FROM exchange_folders WHERE name = 'Monthly sales'`);
    const entity = await idOf(
      'SELECT c.entity_id AS id FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id WHERE d.id = $1',
      [folder],
    );
    return `/api/v2/entity/${entity}/folders/${folder}/upload-files?conflict=keep-both`;
  }
  const send = async (parts: Array<{ name: string; bytes: Buffer | string }>) =>
    exchange.call(USER, 'POST', await target(), await filesForm(parts));

  async function storedHarmlessly(name: string, bytes: Buffer, clean: (name: string) => boolean = () => true) {
    const response = await send([{ name, bytes }]);
    assert.equal(response.statusCode, 201, response.body);
    const [file] = response.json().items as Array<{ id: number; name: string }>;
    assert.ok(clean(file!.name), `stored name ${JSON.stringify(file!.name)}`);
    assert.ok(!hasControl(file!.name) && !/[/\\]/.test(file!.name), 'no control, override or path character');
    assert.ok(stores().every((path) => !path.includes('passwd') && !path.includes('..')));
    const download = await exchange.call(USER, 'GET', `/api/v2/file/${file!.id}/download`);
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-type'], 'application/octet-stream');
    assert.equal(download.headers['x-content-type-options'], 'nosniff');
    assert.match(String(download.headers['content-disposition']), /^attachment; /);
    assert.ok(!hasControl(String(download.headers['content-disposition'])), 'no control character in Content-Disposition');
    assert.deepEqual(download.rawPayload, bytes);
  }

  async function refused(
    response: Awaited<ReturnType<typeof send>>,
    status: number,
    message: string,
    before: { files: string[]; rows: number },
  ) {
    assert.equal(response.statusCode, status, response.body);
    assert.equal(response.json().message, message);
    assert.deepEqual(stores(), before.files, 'no file, not even a partial one, is left');
    assert.equal(await rows(), before.rows, 'no row');
  }

  test('should store a script renamed .png, an SVG with script and a PNG bomb only as downloads that cannot run', async () => {
    await storedHarmlessly('report.png', SCRIPT);
    await storedHarmlessly('chart.svg', SVG);
    await storedHarmlessly('huge.png', pngBomb());
  });

  test('should refuse a 0-byte file with the catalogue message, keeping nothing', async () => {
    const before = { files: stores(), rows: await rows() };
    await refused(await send([{ name: 'empty.csv', bytes: Buffer.alloc(0) }]), 400, FILE_EXCHANGE_MESSAGES.emptyFile('empty.csv'), before);
  });

  for (const { label, name, clean } of HOSTILE_NAMES) {
    test(`should store a file named with ${label} under a cleaned name`, async () => {
      await storedHarmlessly(name, PNG, clean);
    });
  }

  test('should refuse a name with nothing left once cleaned', async () => {
    const before = { files: stores(), rows: await rows() };
    await refused(await send([{ name: '../..', bytes: 'x' }]), 400, FILE_EXCHANGE_MESSAGES.badName, before);
  });

  test('should refuse a file just over the size limit, announced or streamed, keeping nothing', async () => {
    const before = { files: stores(), rows: await rows() };
    const url = await target();
    const announced = bigForm('files', LIMIT + 2 * MB, {});
    await refused(await exchange.call(USER, 'POST', url, announced), 413, FILE_EXCHANGE_MESSAGES.tooLarge(LIMIT), before);
    const streamed = bigForm('files', LIMIT + 1, {}, false);
    await refused(await exchange.call(USER, 'POST', url, streamed), 413, FILE_EXCHANGE_MESSAGES.tooLarge(LIMIT), before);
  });
});
