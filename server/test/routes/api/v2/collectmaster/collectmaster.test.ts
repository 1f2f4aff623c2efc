import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { FILE_EXCHANGE_MESSAGES, HEADERS } from '@hub/shared/api';
import { writeMissingDemoFiles } from '../../../../../src/db/seed/demo-files';
import { DB_KIND, testDb } from '../../../../test-support/helper';
import { auditLines, idOf } from '../../../../test-support/caller';
import { filesCaller, filesForm } from '../../../../test-support/files-caller';
import { startTestS3, type TestS3 } from '../../../../test-support/s3-server';
import { signedInApp } from '../../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTOSO = 'user@contoso.test';
const CONSULTANT = 'consultant@demo.test';
const ADMIN = 'admin@demo.test';
const NW_CONTRIBUTOR = 'contributor@northwind.test';

const folderId = (name: string) => idOf('SELECT id FROM exchange_folders WHERE name = $1', [name]);
const fileId = (name: string) => idOf('SELECT id FROM exchange_files WHERE name = $1', [name]);
const collectionId = (project: string) => idOf('SELECT id FROM exchange_collections WHERE project = $1', [project]);
const entityId = (slug: string) => idOf('SELECT id FROM entities WHERE slug = $1', [slug]);
async function rowCount(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await (await testDb()).query<{ count: number }>(sql, params);
  return rows[0]!.count;
}

/** Every route on this database (the runner: PGlite, then PostgreSQL) and on both stores. */
for (const storeKind of ['disk', 's3'] as const) {
  describe(`file exchange routes (${DB_KIND}, ${storeKind} store)`, () => {
    let s3: TestS3 | null = null;
    before(async () => {
      if (storeKind === 's3') s3 = await startTestS3();
    });
    after(() => s3?.close());
    const hub = signedInApp({ config: () => ({ s3: s3?.config ?? null, filesMaxSize: 1024 * 1024 }) });
    // The demo data is seeded again before each test: so are the demo files' bytes a test deleted.
    beforeEach(async () => writeMissingDemoFiles(await testDb(), hub.app.exchangeStore));
    const files = filesCaller(
      () => hub.app,
      () => hub.idp,
    );

    async function upload(email: string, folder: number, parts: Array<{ name: string; bytes: Buffer | string }>, query = '', fields = {}) {
      const entity = await idOf(
        'SELECT c.entity_id AS id FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id WHERE d.id = $1',
        [folder],
      );
      const form = await filesForm(parts, fields);
      return files.call(email, 'POST', `/api/v2/entity/${entity}/folders/${folder}/upload-files${query}`, form);
    }
    const storedKeys = async () => {
      const { rows } = await (
        await testDb()
      ).query<{ storage_key: string }>('SELECT storage_key FROM exchange_files WHERE storage_key IS NOT NULL');
      return rows.map((row) => row.storage_key);
    };

    test('should list a customer his own entity, its collections, folders and files with their states', async () => {
      files.forget();
      const entities = await files.call(USER, 'GET', '/api/v2/entities');
      assert.equal(entities.statusCode, 200);
      assert.deepEqual(
        entities.json().items.map((e: { slug: string }) => e.slug),
        ['northwind-traders'],
      );
      const collections = await files.call(USER, 'GET', '/api/v2/entity/northwind-traders/collections');
      assert.equal(collections.statusCode, 200);
      const sales = collections.json().items.find((c: { project: string }) => c.project === 'Sales dashboard 2026');
      assert.equal(sales.entity, 'Northwind Traders');
      assert.equal(sales.url, `http://localhost:8080/api/v2/collection/${sales.id}/folders`);
      const folders = await files.call(USER, 'GET', `/api/v2/collection/${sales.id}/folders`);
      const monthly = folders.json().items.find((f: { name: string }) => f.name === 'Monthly sales');
      assert.equal(monthly.files_count, 4);
      assert.equal(monthly.missing_count, 1);
      const list = await files.call(USER, 'GET', `/api/v2/folder/${monthly.id}/files`);
      assert.equal(list.statusCode, 200);
      assert.deepEqual(
        list.json().items.map((f: { name: string; state: number }) => [f.name, f.state]),
        [
          ['sales-2026-01.csv', 4],
          ['sales-2026-02.csv', 3],
          ['sales-2026-03.csv', 2],
          ['sales-2026-04.csv', 1],
        ],
      );
      const problem = list.json().items[1];
      assert.equal(problem.comment, 'The amounts of column F are empty from row 120 on.');
      assert.equal(problem.extension, 'csv');
      assert.equal(problem.folderUrl, `http://localhost:8080/api/v2/folder/${monthly.id}/files`);
      assert.equal(list.json().items[3].url, null, 'a missing file has nothing to download');
      const detail = await files.call(USER, 'GET', `/api/v2/folder/${monthly.id}`);
      assert.equal(detail.json().collection.project, 'Sales dashboard 2026');
      const collection = await files.call(USER, 'GET', `/api/v2/collection/${sales.id}`);
      assert.equal(collection.json().entity_slug, 'northwind-traders');
    });

    test("should answer 404 for another entity's collection, folder, file, zip and upload, and 403 in display-as", async () => {
      const [collection, folder, file] = [
        await collectionId('Sales dashboard 2026'),
        await folderId('Monthly sales'),
        await fileId('sales-2026-01.csv'),
      ];
      for (const url of [
        '/api/v2/entity/northwind-traders/collections',
        `/api/v2/collection/${collection}`,
        `/api/v2/collection/${collection}/folders`,
        `/api/v2/folder/${folder}`,
        `/api/v2/folder/${folder}/files`,
        `/api/v2/folder/${folder}/zip`,
        `/api/v2/file/${file}/download`,
      ]) {
        assert.equal((await files.call(CONTOSO, 'GET', url)).statusCode, 404, url);
      }
      const refused = await upload(CONTOSO, folder, [{ name: 'intruder.csv', bytes: 'x' }]);
      assert.equal(refused.statusCode, 404);
      // Not even the right folder under another entity's id.
      const contoso = await entityId('contoso');
      const form = await filesForm([{ name: 'a.csv', bytes: 'a' }]);
      assert.equal((await files.call(CONTOSO, 'POST', `/api/v2/entity/${contoso}/folders/${folder}/upload-files`, form)).statusCode, 404);
      assert.equal(
        (await files.call(CONTOSO, 'GET', '/api/v2/latest-files?n=100'))
          .json()
          .items.some((f: { entity: string }) => f.entity !== 'Contoso'),
        false,
      );

      const nina = await idOf('SELECT id FROM users WHERE email = $1', [USER]);
      const displayAs = await files.call(ADMIN, 'GET', `/api/v2/folder/${folder}/files`, {
        headers: { [HEADERS.displayAsUserId]: String(nina) },
      });
      assert.equal(displayAs.statusCode, 403);
      assert.equal(displayAs.json().message, FILE_EXCHANGE_MESSAGES.displayAs);
    });

    test('should let the publisher’s staff see every entity, and refuse the staff’s writes to a customer', async () => {
      const entities = await files.call(CONSULTANT, 'GET', '/api/v2/entities');
      assert.deepEqual(
        entities
          .json()
          .items.map((e: { slug: string }) => e.slug)
          .sort(),
        ['contoso', 'northwind-traders'],
      );
      const northwind = await entityId('northwind-traders');
      const created = await files.call(CONSULTANT, 'POST', `/api/v2/entity/${northwind}/collections`, {
        payload: { project: 'Churn study' },
      });
      assert.equal(created.statusCode, 201);
      assert.equal(created.json().project, 'Churn study');
      const byUser = await files.call(USER, 'POST', `/api/v2/entity/${northwind}/collections`, { payload: { project: 'Mine' } });
      assert.equal(byUser.statusCode, 403);
      assert.equal(byUser.json().message, FILE_EXCHANGE_MESSAGES.staffOnly);
      // Northwind's entity admin works on Northwind only.
      const contoso = await entityId('contoso');
      assert.equal(
        (await files.call(NW_CONTRIBUTOR, 'POST', `/api/v2/entity/${contoso}/collections`, { payload: { project: 'X' } })).statusCode,
        404,
      );
      assert.equal(
        (await files.call(NW_CONTRIBUTOR, 'POST', `/api/v2/entity/${northwind}/collections`, { payload: { project: 'Y' } })).statusCode,
        201,
      );
    });

    test('should create, rename and delete collections, folders and expected files, the bytes going with them', async () => {
      const northwind = await entityId('northwind-traders');
      const collection = (
        await files.call(CONSULTANT, 'POST', `/api/v2/entity/${northwind}/collections`, { payload: { project: 'Q3' } })
      ).json();
      const renamed = await files.call(CONSULTANT, 'PUT', `/api/v2/collection/${collection.id}`, { payload: { project: 'Q3 closing' } });
      assert.equal(renamed.json().project, 'Q3 closing');
      const folder = await files.call(CONSULTANT, 'POST', `/api/v2/collection/${collection.id}/folders`, { payload: { name: 'Inputs' } });
      assert.equal(folder.statusCode, 201);
      assert.equal(
        (await files.call(CONSULTANT, 'POST', `/api/v2/collection/${collection.id}/folders`, { payload: { name: 'inputs' } })).statusCode,
        409,
      );
      const folderRenamed = await files.call(CONSULTANT, 'PUT', `/api/v2/folder/${folder.json().id}`, { payload: { name: 'Raw inputs' } });
      assert.equal(folderRenamed.json().name, 'Raw inputs');
      const slot = await files.call(CONSULTANT, 'POST', `/api/v2/folder/${folder.json().id}/files`, {
        payload: { name: 'stock.csv', comment: 'The stock at the end of the quarter' },
      });
      assert.equal(slot.statusCode, 201);
      assert.equal(slot.json().state, 1);
      assert.equal(slot.json().url, null);
      // The customer fills the slot by its id.
      const filled = await upload(USER, folder.json().id, [{ name: 'my export.csv', bytes: 'a;b\n1;2\n' }], `?fileId=${slot.json().id}`);
      assert.equal(filled.statusCode, 201, filled.body);
      assert.equal(filled.json().items[0].id, slot.json().id);
      assert.equal(filled.json().items[0].name, 'stock.csv', 'a missing file keeps the name the publisher gave it');
      assert.equal(filled.json().items[0].state, 2);
      const fileRenamed = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${slot.json().id}`, { payload: { name: 'stock-q3.csv' } });
      assert.equal(fileRenamed.json().name, 'stock-q3.csv');
      const before = (await storedKeys()).length;
      assert.equal((await files.call(CONSULTANT, 'DELETE', `/api/v2/file/${slot.json().id}`)).statusCode, 204);
      assert.equal((await storedKeys()).length, before - 1);
      assert.equal((await files.call(CONSULTANT, 'DELETE', `/api/v2/folder/${folder.json().id}`)).statusCode, 204);
      assert.equal((await files.call(CONSULTANT, 'DELETE', `/api/v2/collection/${collection.id}`)).statusCode, 204);
      assert.equal((await files.call(CONSULTANT, 'GET', `/api/v2/collection/${collection.id}`)).statusCode, 404);
      // Deleting a collection removes its files' bytes from the store.
      const sales = await collectionId('Sales dashboard 2026');
      const keys = await storedKeys();
      assert.equal((await files.call(ADMIN, 'DELETE', `/api/v2/collection/${sales}`)).statusCode, 204);
      const left = await storedKeys();
      const gone = keys.filter((key) => !left.includes(key));
      assert.equal(gone.length, 4);
      for (const key of gone) assert.equal(await hub.app.exchangeStore.has(key), false, key);
    });

    test('should upload several files by multipart, stream them back, and audit both ways', async () => {
      const folder = await folderId('Monthly sales');
      const response = await upload(USER, folder, [
        { name: 'north.csv', bytes: 'n;1\n' },
        { name: 'south.csv', bytes: 'south;2\n' },
      ]);
      assert.equal(response.statusCode, 201, response.body);
      const [north, south] = response.json().items;
      assert.equal(north.state, 2);
      assert.equal(south.size, 8);
      const download = await files.call(USER, 'GET', `/api/v2/file/${south.id}/download`);
      assert.equal(download.statusCode, 200);
      assert.equal(download.body, 'south;2\n');
      assert.equal(download.headers['content-disposition'], `attachment; filename="south.csv"; filename*=UTF-8''south.csv`);
      const uploads = await auditLines('file.upload');
      assert.equal(uploads.length, 2);
      assert.equal(uploads[0]!.details!.via, 'multipart');
      const downloads = await auditLines('file.download');
      assert.equal(downloads[0]!.item_id, south.id);
      // A missing file has no bytes.
      const missing = await files.call(USER, 'GET', `/api/v2/file/${await fileId('sales-2026-04.csv')}/download`);
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, FILE_EXCHANGE_MESSAGES.notUploaded);
    });

    test('should refuse a duplicate name with 409 listing the names and store nothing, then replace or keep both', async () => {
      const folder = await folderId('Monthly sales');
      const keys = await storedKeys();
      const refused = await upload(USER, folder, [
        { name: 'fresh.csv', bytes: 'f' },
        { name: 'sales-2026-01.csv', bytes: 'new' },
        { name: 'SALES-2026-03.csv', bytes: 'new' },
      ]);
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().message, FILE_EXCHANGE_MESSAGES.duplicate(['sales-2026-01.csv', 'SALES-2026-03.csv']));
      assert.deepEqual(await storedKeys(), keys);
      assert.equal(await rowCount(`SELECT count(*)::int AS count FROM exchange_files WHERE name = 'fresh.csv'`), 0);

      const replaced = await upload(USER, folder, [{ name: 'sales-2026-01.csv', bytes: 'replaced' }], '?conflict=replace');
      assert.equal(replaced.statusCode, 201);
      assert.equal(replaced.json().items[0].id, await fileId('sales-2026-01.csv'));
      assert.equal(replaced.json().items[0].state, 2, 'a new version waits for review again');
      assert.equal((await files.call(USER, 'GET', `/api/v2/file/${replaced.json().items[0].id}/download`)).body, 'replaced');
      assert.equal((await storedKeys()).length, keys.length, 'the old bytes are gone');

      const both = await upload(USER, folder, [{ name: 'sales-2026-01.csv', bytes: 'third' }], '', { conflict: 'keep-both' });
      assert.equal(both.statusCode, 201);
      assert.equal(both.json().items[0].name, 'sales-2026-01 (1).csv');
      // A name equal to a missing file's fills it: nothing to overwrite.
      const slot = await upload(USER, folder, [{ name: 'sales-2026-04.csv', bytes: 'april' }]);
      assert.equal(slot.statusCode, 201);
      assert.equal(slot.json().items[0].id, await fileId('sales-2026-04.csv'));
    });

    test('should clean names (paths, "..", control characters, length) and keep the original for display', async () => {
      const folder = await folderId('Reference data');
      const response = await upload(USER, folder, [
        { name: '../../etc/passwd', bytes: 'root' },
        { name: 'bad\u0007name..csv', bytes: 'x' },
        { name: `${'a'.repeat(300)}.csv`, bytes: 'y' },
      ]);
      assert.equal(response.statusCode, 201, response.body);
      const [traversal, control, long] = response.json().items;
      assert.equal(traversal.name, 'passwd');
      assert.equal(traversal.name_original, '../../etc/passwd');
      assert.equal(control.name, 'badname.csv');
      assert.equal(long.name.length, 200);
      assert.ok(long.name.endsWith('.csv'));
      const download = await files.call(USER, 'GET', `/api/v2/file/${traversal.id}/download`);
      assert.match(download.headers['content-disposition'] as string, /filename="passwd"/);
      const nothingLeft = await upload(USER, folder, [{ name: '..', bytes: 'z' }]);
      assert.equal(nothingLeft.statusCode, 400);
      assert.equal(nothingLeft.json().message, FILE_EXCHANGE_MESSAGES.badName);
    });

    test('should refuse an empty file, no file, and a file over FILES_MAX_SIZE, leaving nothing behind', async () => {
      const folder = await folderId('Reference data');
      const keys = await storedKeys();
      const rows = await rowCount('SELECT count(*)::int AS count FROM exchange_files');
      const onDisk = () => (storeKind === 'disk' ? readdirSync(join(hub.app.config.dataDir, 'files', 'exchange')).sort() : []);
      const diskBefore = onDisk();
      const empty = await upload(USER, folder, [{ name: 'empty.csv', bytes: '' }]);
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().message, FILE_EXCHANGE_MESSAGES.emptyFile('empty.csv'));
      // The refused field comes as data too, as every field error does.
      assert.deepEqual(empty.json().errors, [{ field: 'files', message: FILE_EXCHANGE_MESSAGES.emptyFile('empty.csv') }]);
      const none = await upload(USER, folder, []);
      assert.equal(none.statusCode, 400);
      assert.equal(none.json().message, FILE_EXCHANGE_MESSAGES.noFiles);
      assert.deepEqual(none.json().errors, [{ field: 'files', message: FILE_EXCHANGE_MESSAGES.noFiles }]);
      // The test server's maximum is 1 MB: refused up front from Content-Length.
      const big = await upload(USER, folder, [{ name: 'big.bin', bytes: Buffer.alloc(3 * 1024 * 1024) }]);
      assert.equal(big.statusCode, 413);
      assert.equal(big.json().message, 'The file is too large: the maximum size is 1 MB');
      // And by busboy when the request hides its length: two files, the second over the limit.
      const first = { name: 'ok.csv', bytes: 'ok' };
      const form = await filesForm([first, { name: 'over.bin', bytes: Buffer.alloc(1024 * 1024 + 10) }]);
      const entity = await entityId('northwind-traders');
      const chunked = await hub.app.inject({
        method: 'POST',
        url: `/api/v2/entity/${entity}/folders/${folder}/upload-files`,
        headers: { ...form.headers, authorization: `Bearer ${await files.token(USER)}`, 'transfer-encoding': 'chunked' },
        payload: form.payload,
      });
      assert.equal(chunked.statusCode, 413);
      assert.deepEqual(await storedKeys(), keys);
      assert.equal(await rowCount('SELECT count(*)::int AS count FROM exchange_files'), rows);
      assert.deepEqual(onDisk(), diskBefore, 'no partial file is left in the store');
    });

    test('should mark a file ok or problem (a comment required), and list the latest files newest first', async () => {
      const file = await fileId('sales-2026-03.csv');
      assert.equal((await files.call(USER, 'PUT', `/api/v2/file/${file}/state`, { payload: { state: 4 } })).statusCode, 403);
      const noComment = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${file}/state`, { payload: { state: 3 } });
      assert.equal(noComment.statusCode, 400);
      assert.equal(noComment.json().message, FILE_EXCHANGE_MESSAGES.commentRequired);
      const problem = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${file}/state`, {
        payload: { state: 3, comment: 'Two months in one file.' },
      });
      assert.equal(problem.statusCode, 200);
      assert.equal(problem.json().comment, 'Two months in one file.');
      const ok = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${file}/state`, { payload: { state: 4 } });
      assert.equal(ok.json().state, 4);
      assert.equal(ok.json().comment, null);
      const missing = await files.call(CONSULTANT, 'PUT', `/api/v2/file/${await fileId('sales-2026-04.csv')}/state`, {
        payload: { state: 4 },
      });
      assert.equal(missing.statusCode, 409);

      const latest = await files.call(USER, 'GET', '/api/v2/latest-files');
      assert.equal(latest.statusCode, 200);
      assert.equal(latest.json().items.length, 5);
      assert.equal(latest.json().items[0].id, file, 'the file just marked is the latest updated');
      assert.equal(latest.json().items[0].project, 'Sales dashboard 2026');
      const dates = latest.json().items.map((f: { updated_at: string }) => f.updated_at);
      assert.deepEqual([...dates].sort().reverse(), dates);
      assert.equal((await files.call(USER, 'GET', '/api/v2/latest-files?n=2')).json().items.length, 2);
      assert.equal((await files.call(USER, 'GET', '/api/v2/latest-files?n=101')).statusCode, 400);
      assert.equal((await files.call(CONSULTANT, 'GET', '/api/v2/counters')).json().uploaded, 1, "Contoso's uploaded ledger waits");
      assert.equal((await files.call(USER, 'GET', '/api/v2/limits')).json().max_file_size, 1024 * 1024);
    });

    test('should stream a folder as a zip of its uploaded files', async () => {
      const folder = await folderId('Monthly sales');
      const response = await files.call(USER, 'GET', `/api/v2/folder/${folder}/zip`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'application/zip');
      assert.match(response.headers['content-disposition'] as string, /filename="Monthly sales.zip"/);
      const zip = response.rawPayload;
      assert.equal(zip.readUInt32LE(0), 0x04034b50, 'a zip local file header');
      const names = [...zip.toString('latin1').matchAll(/sales-2026-0\d\.csv/g)].map((m) => m[0]);
      assert.deepEqual([...new Set(names)].sort(), ['sales-2026-01.csv', 'sales-2026-02.csv', 'sales-2026-03.csv']);
      assert.equal((await auditLines('folder.download'))[0]!.item_id, folder);
    });
  });
}
