import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FILE_EXCHANGE_MESSAGES, TUS_FILE_ID_HEADER } from '@hub/shared/api';
import { DB_KIND, testDb } from '../../../../test-support/helper';
import { auditLines, idOf } from '../../../../test-support/caller';
import { filesCaller } from '../../../../test-support/files-caller';
import { startTestS3, type TestS3 } from '../../../../test-support/s3-server';
import { signedInApp } from '../../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTOSO = 'user@contoso.test';
const CONSULTANT = 'consultant@demo.test';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const metadata = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(String(value))}`)
    .join(',');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const folderId = (name: string) => idOf('SELECT id FROM exchange_folders WHERE name = $1', [name]);
async function rowCount(where = 'TRUE'): Promise<number> {
  const { rows } = await (await testDb()).query<{ count: number }>(`SELECT count(*)::int AS count FROM exchange_files WHERE ${where}`);
  return rows[0]!.count;
}

/** Resumable uploads over real HTTP (a listening server): the tus protocol as a browser's client speaks it. */
for (const storeKind of ['disk', 's3'] as const) {
  describe(`resumable uploads (${DB_KIND}, ${storeKind} store)`, () => {
    let s3: TestS3 | null = null;
    let base = '';
    before(async () => {
      if (storeKind === 's3') s3 = await startTestS3();
    });
    after(() => s3?.close());
    const hub = signedInApp({ config: () => ({ s3: s3?.config ?? null, filesMaxSize: 8 * 1024 * 1024 }) });
    const files = filesCaller(
      () => hub.app,
      () => hub.idp,
    );
    before(async () => {
      base = await hub.app.listen({ port: 0, host: '127.0.0.1' });
    });

    async function create(email: string, fields: Record<string, string | number>, length: number) {
      return fetch(`${base}/api/v2/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await files.token(email)}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': metadata(fields),
        },
      });
    }
    async function patch(email: string, location: string, offset: number, body: Buffer) {
      return fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${await files.token(email)}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      });
    }
    async function head(email: string, location: string) {
      return fetch(`${base}${location}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${await files.token(email)}`, 'tus-resumable': '1.0.0' },
      });
    }
    /** Sends `bytes` from `offset`, then cuts the connection as a dropped network would, without ending the request. */
    async function patchCut(email: string, location: string, bytes: Buffer) {
      const token = await files.token(email);
      await new Promise<void>((resolve) => {
        const request = httpRequest(`${base}${location}`, {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${token}`,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(bytes.length * 2),
          },
        });
        request.on('error', () => resolve());
        request.on('response', () => resolve());
        request.write(bytes, () => {
          setTimeout(() => {
            request.destroy();
            resolve();
          }, 400);
        });
      });
    }
    // Unfinished uploads wait on local disk with either store (the S3 store takes them when complete).
    const diskUploads = () => readdirSync(join(hub.app.config.dataDir, 'files', 'exchange-uploads')).sort();

    test('should resume an upload cut halfway from the last byte received, the stored bytes equal to the source', async () => {
      const source = randomBytes(6 * 1024 * 1024);
      const folder = await folderId('Monthly sales');
      const pending = diskUploads();
      const created = await create(USER, { folderId: folder, filename: 'big export.csv' }, source.length);
      assert.equal(created.status, 201, await created.text());
      const location = created.headers.get('location')!;
      assert.match(location, /^\/api\/v2\/uploads\/[0-9a-z]+$/);

      await patchCut(USER, location, source.subarray(0, 3 * 1024 * 1024));
      let offset = 0;
      for (let attempt = 0; attempt < 50 && offset === 0; attempt++) {
        const response = await head(USER, location);
        assert.equal(response.status, 200);
        offset = Number(response.headers.get('upload-offset'));
        if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(offset > 0 && offset <= 3 * 1024 * 1024, `resumes from ${offset}, not from the start`);
      assert.equal(await rowCount(`name = 'big export.csv'`), 0, 'no row before the last byte');

      const finished = await patch(USER, location, offset, source.subarray(offset));
      assert.equal(finished.status, 200, await finished.clone().text());
      const file = (await finished.json()) as { id: number; name: string; size: number; state: number };
      assert.equal(finished.headers.get(TUS_FILE_ID_HEADER), String(file.id));
      assert.equal(file.name, 'big export.csv');
      assert.equal(file.size, source.length);
      assert.equal(file.state, 2);
      const download = await fetch(`${base}/api/v2/file/${file.id}/download`, {
        headers: { authorization: `Bearer ${await files.token(USER)}` },
      });
      assert.equal(sha256(Buffer.from(await download.arrayBuffer())), sha256(source));
      const audit = await auditLines('file.upload');
      assert.equal(audit[0]!.details!.via, 'tus');
      assert.deepEqual(diskUploads(), pending, 'nothing of this upload is left in the upload area');
    });

    test('should fill a missing file, and keep both when the name was taken while the bytes travelled', async () => {
      const folder = await folderId('Monthly sales');
      const slot = await idOf(`SELECT id FROM exchange_files WHERE name = 'sales-2026-04.csv'`);
      const bytes = Buffer.from('april;1\n');
      const created = await create(USER, { folderId: folder, fileId: slot, filename: 'April.csv' }, bytes.length);
      assert.equal(created.status, 201);
      const done = await patch(USER, created.headers.get('location')!, 0, bytes);
      const file = (await done.json()) as { id: number; name: string; state: number };
      assert.deepEqual([file.id, file.name, file.state], [slot, 'sales-2026-04.csv', 2]);

      const first = await create(USER, { folderId: folder, filename: 'twice.csv' }, 3);
      const second = await create(USER, { folderId: folder, filename: 'twice.csv' }, 3);
      assert.equal((await patch(USER, first.headers.get('location')!, 0, Buffer.from('one'))).status, 200);
      const late = (await (await patch(USER, second.headers.get('location')!, 0, Buffer.from('two'))).json()) as { name: string };
      assert.equal(late.name, 'twice (1).csv');
    });

    test('should refuse up front: over the size, a duplicate name, an empty file, bad metadata, another entity’s folder', async () => {
      const folder = await folderId('Monthly sales');
      const tooBig = await create(USER, { folderId: folder, filename: 'huge.bin' }, 8 * 1024 * 1024 + 1);
      assert.equal(tooBig.status, 413);
      assert.equal(((await tooBig.json()) as { message: string }).message, 'The file is too large: the maximum size is 8 MB');
      const duplicate = await create(USER, { folderId: folder, filename: 'sales-2026-01.csv' }, 10);
      assert.equal(duplicate.status, 409);
      assert.equal(((await duplicate.json()) as { message: string }).message, FILE_EXCHANGE_MESSAGES.duplicate(['sales-2026-01.csv']));
      assert.equal((await create(USER, { folderId: folder, filename: 'sales-2026-01.csv', conflict: 'replace' }, 10)).status, 201);
      const empty = await create(USER, { folderId: folder, filename: 'empty.csv' }, 0);
      assert.equal(empty.status, 400);
      assert.equal((await create(USER, { filename: 'nowhere.csv' }, 10)).status, 400);
      assert.equal((await create(USER, { folderId: folder, filename: '..' }, 10)).status, 400);
      const other = await create(CONTOSO, { folderId: folder, filename: 'intruder.csv' }, 10);
      assert.equal(other.status, 404);
      const anonymous = await fetch(`${base}/api/v2/uploads`, {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '3' },
      });
      assert.equal(anonymous.status, 401);
    });

    test("should let only the upload's creator continue it, and leave no file and no row when it is aborted or expires", async () => {
      const folder = await folderId('Reference data');
      const rows = await rowCount();
      const pending = diskUploads();
      const created = await create(USER, { folderId: folder, filename: 'aborted.csv' }, 1024 * 1024);
      const location = created.headers.get('location')!;
      assert.equal((await patch(USER, location, 0, randomBytes(512 * 1024))).status, 204);
      assert.equal((await patch(CONTOSO, location, 512 * 1024, randomBytes(10))).status, 404, "another's upload is not found");
      const ended = await fetch(`${base}${location}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await files.token(USER)}`, 'tus-resumable': '1.0.0' },
      });
      assert.equal(ended.status, 204);
      assert.equal((await head(USER, location)).status, 404);
      assert.equal(await rowCount(), rows);
      assert.deepEqual(diskUploads(), pending);

      // Abandoned: once expired (24 h), the periodic clean-up removes its bytes.
      const abandoned = await create(USER, { folderId: folder, filename: 'abandoned.csv' }, 1024);
      const abandonedLocation = abandoned.headers.get('location')!;
      assert.equal((await patch(USER, abandonedLocation, 0, randomBytes(100))).status, 204);
      const id = abandonedLocation.split('/').pop()!;
      const info = join(hub.app.config.dataDir, 'files', 'exchange-uploads', `${id}.json`);
      const upload = JSON.parse(readFileSync(info, 'utf8')) as { creation_date: string };
      upload.creation_date = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
      writeFileSync(info, JSON.stringify(upload));
      assert.equal(await hub.app.tusUploads.get().cleanUpExpiredUploads(), 1);
      assert.deepEqual(diskUploads(), pending);
      assert.equal((await head(USER, abandonedLocation)).status, 404);
      assert.equal(await rowCount(), rows);
    });

    test('should leave no file and no row when a multipart upload is cut off halfway', async () => {
      const folder = await folderId('Reference data');
      const entity = await idOf(`SELECT id FROM entities WHERE slug = 'northwind-traders'`);
      const rows = await rowCount();
      const keys = async () => {
        const { rows: stored } = await (
          await testDb()
        ).query<{ storage_key: string }>('SELECT storage_key FROM exchange_files WHERE storage_key IS NOT NULL ORDER BY 1');
        return stored.map((row) => row.storage_key);
      };
      const storedBefore = await keys();
      const onDisk = () => (storeKind === 'disk' ? readdirSync(join(hub.app.config.dataDir, 'files', 'exchange')).sort() : []);
      const diskBefore = onDisk();
      const bucket = () => (s3 ? readdirSync(join(s3.directory, s3.config.bucket), { recursive: true }).map(String).sort() : []);
      const bucketBefore = bucket();
      const boundary = 'cut-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="first.csv"\r\n\r\nfirst;1\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.bin"\r\n\r\n`,
      );
      const token = await files.token(USER);
      await new Promise<void>((resolve) => {
        const request = httpRequest(`${base}/api/v2/entity/${entity}/folders/${folder}/upload-files`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + 4 * 1024 * 1024),
          },
        });
        request.on('error', () => resolve());
        request.on('response', () => resolve());
        request.write(Buffer.concat([head, randomBytes(1024 * 1024)]), () => {
          setTimeout(() => {
            request.destroy();
            resolve();
          }, 400);
        });
      });
      // The server notices the cut, removes what it had stored, and writes no row. The removal ends
      // after the cut: wait for it (up to 10 s, for a busy machine), then look once more.
      const cleaned = () => onDisk().length === diskBefore.length && bucket().length === bucketBefore.length;
      for (let attempt = 0; attempt < 100 && !cleaned(); attempt++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(await rowCount(), rows);
      assert.deepEqual(await keys(), storedBefore);
      assert.deepEqual(onDisk(), diskBefore, 'neither the first file nor a part of the second is left');
      assert.deepEqual(bucket(), bucketBefore, 'nothing is left in the bucket');
    });

    test('should tell the consultant of an upload and the customer of a new state, without reloading', async () => {
      const ticket = async (email: string) =>
        ((await files.call(email, 'POST', '/api/v2/events/ticket')).json() as { ticket: string }).ticket;
      const listen = async (email: string) => {
        const controller = new AbortController();
        const response = await fetch(`${base}/api/v2/events?ticket=${encodeURIComponent(await ticket(email))}`, {
          signal: controller.signal,
        });
        const reader = response.body!.getReader();
        let text = '';
        return {
          async until(pattern: RegExp) {
            const deadline = Date.now() + 5000;
            while (!pattern.test(text) && Date.now() < deadline) {
              const { value, done } = await reader.read();
              if (done) break;
              text += new TextDecoder().decode(value);
            }
            return text;
          },
          close: () => controller.abort(),
        };
      };
      const consultant = await listen(CONSULTANT);
      const customer = await listen(USER);
      try {
        assert.match(await consultant.until(/event: counters/), /"uploaded":2/);
        const folder = await folderId('Monthly sales');
        const created = await create(USER, { folderId: folder, filename: 'live.csv' }, 4);
        const file = (await (await patch(USER, created.headers.get('location')!, 0, Buffer.from('live'))).json()) as { id: number };
        const told = await consultant.until(/event: file\.uploaded[\s\S]*"uploaded":3/);
        assert.match(told, new RegExp(`"file_id":${file.id}`));

        await files.call(CONSULTANT, 'PUT', `/api/v2/file/${file.id}/state`, { payload: { state: 3, comment: 'Wrong month' } });
        const seen = await customer.until(/event: file\.state/);
        assert.match(seen, /"state":3,"comment":"Wrong month"/);
      } finally {
        consultant.close();
        customer.close();
      }
    });
  });
}
