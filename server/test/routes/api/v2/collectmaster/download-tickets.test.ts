import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { HEADERS } from '@hub/shared/api';
import { buildApp } from '../../../../../src/app';
import { writeMissingDemoFiles } from '../../../../../src/db/seed/demo-files';
import { DB_KIND, resetData, testConfig, testDb, userId } from '../../../../test-support/helper';
import { auditLines, idOf } from '../../../../test-support/caller';
import { filesCaller } from '../../../../test-support/files-caller';
import { startTestIdp, type TestIdp } from '../../../../test-support/test-idp';

const USER = 'user@northwind.test';
const CONTOSO = 'user@contoso.test';
const ADMIN = 'admin@demo.test';
const fileId = (name: string) => idOf('SELECT id FROM exchange_files WHERE name = $1', [name]);
const folderId = (name: string) => idOf('SELECT id FROM exchange_folders WHERE name = $1', [name]);

/** Download tickets: the browser navigates to the address and streams to disk, no bearer token. */
describe(`collectmaster download tickets (${DB_KIND})`, () => {
  let app: FastifyInstance;
  let idp: TestIdp;
  const lines: string[] = [];
  before(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(testConfig({ logLevel: 'info' }), {
      db: await testDb(),
      fastify: { logger: { level: 'info', stream: destination } },
    });
    await app.ready();
    idp = await startTestIdp();
    await idp.register(app);
  });
  after(async () => {
    await idp.close();
    await app.close();
  });
  const files = filesCaller(
    () => app,
    () => idp,
  );
  beforeEach(async () => {
    await resetData();
    files.forget();
    await writeMissingDemoFiles(await testDb(), app.exchangeStore);
  });

  async function ticketUrl(email: string, path: string): Promise<string> {
    const response = await files.call(email, 'POST', path);
    assert.equal(response.statusCode, 200, response.body);
    const url = new URL((response.json() as { url: string }).url);
    assert.ok(url.searchParams.get('ticket'), 'the address carries a ticket');
    return url.pathname + url.search;
  }
  const get = (url: string) => app.inject({ method: 'GET', url });

  test('should stream the right bytes by ticket without a bearer token, audited, the ticket out of the logs', async () => {
    const file = await fileId('sales-2026-01.csv');
    const url = await ticketUrl(USER, `/api/v2/file/${file}/download-ticket`);
    assert.equal(url.split('?')[0], `/api/v2/file/${file}/download`);
    const byBearer = await files.call(USER, 'GET', `/api/v2/file/${file}/download`);
    const before = (await auditLines('file.download')).length;
    lines.length = 0;
    const byTicket = await get(url);
    assert.equal(byTicket.statusCode, 200, byTicket.body);
    assert.ok(byTicket.rawPayload.length > 0);
    assert.deepEqual(byTicket.rawPayload, byBearer.rawPayload);
    assert.match(byTicket.headers['content-disposition'] as string, /filename="sales-2026-01.csv"/);
    const audit = await auditLines('file.download');
    assert.equal(audit.length, before + 1);
    assert.equal(audit[0]!.item_id, file);
    const ticket = new URL(url, 'http://x').searchParams.get('ticket')!;
    assert.ok(
      lines.some((line) => line.includes(`/api/v2/file/${file}/download`)),
      'the request is logged',
    );
    assert.equal(lines.filter((line) => line.includes(ticket)).length, 0, 'the ticket never reaches a log line');
    assert.equal(lines.filter((line) => line.includes(ticket.slice(-20))).length, 0);
  });

  test('should stream a folder as a zip by ticket', async () => {
    const folder = await folderId('Monthly sales');
    const response = await get(await ticketUrl(USER, `/api/v2/folder/${folder}/zip-ticket`));
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/zip');
    assert.equal(response.rawPayload.readUInt32LE(0), 0x04034b50);
    assert.equal((await auditLines('folder.download'))[0]!.item_id, folder);
  });

  test('should not open file B, nor a zip, with a ticket for file A', async () => {
    const [a, b] = [await fileId('sales-2026-01.csv'), await fileId('sales-2026-02.csv')];
    const ticket = new URL(await ticketUrl(USER, `/api/v2/file/${a}/download-ticket`), 'http://x').searchParams.get('ticket')!;
    assert.equal((await get(`/api/v2/file/${b}/download?ticket=${ticket}`)).statusCode, 401);
    assert.equal((await get(`/api/v2/folder/${a}/zip?ticket=${ticket}`)).statusCode, 401);
    assert.equal((await get(`/api/v2/file/${a}/download?ticket=${ticket}`)).statusCode, 200);
    assert.equal((await get(`/api/v2/file/${a}/download`)).statusCode, 401, 'neither ticket nor token');
    assert.equal((await get(`/api/v2/file/${a}/download?ticket=not-a-ticket`)).statusCode, 401);
  });

  test("should refuse a ticket for another entity's file or folder (404), and in display-as (403)", async () => {
    const [file, folder] = [await fileId('sales-2026-01.csv'), await folderId('Monthly sales')];
    assert.equal((await files.call(CONTOSO, 'POST', `/api/v2/file/${file}/download-ticket`)).statusCode, 404);
    assert.equal((await files.call(CONTOSO, 'POST', `/api/v2/folder/${folder}/zip-ticket`)).statusCode, 404);
    const displayAs = { [HEADERS.displayAsUserId]: String(await userId(USER)) };
    assert.equal((await files.call(ADMIN, 'POST', `/api/v2/file/${file}/download-ticket`, { headers: displayAs })).statusCode, 403);
    // The administrator's own ticket, for any entity, opens it.
    assert.equal((await get(await ticketUrl(ADMIN, `/api/v2/file/${file}/download-ticket`))).statusCode, 200);
  });

  test('should answer 401 for an expired ticket and for one taken before sign-out', async () => {
    const file = await fileId('sales-2026-01.csv');
    const user = await userId(USER);
    // Everything right but the time: the user's token version, the item, the purpose.
    const tv = await idOf('SELECT token_version AS id FROM users WHERE id = $1', [user]);
    const expired = await new SignJWT({ tv, purpose: 'file', item: file })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('urn:client-hub:server')
      .setAudience('hub-file-download')
      .setSubject(String(user))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(app.config.sessionSecret));
    assert.equal((await get(`/api/v2/file/${file}/download?ticket=${expired}`)).statusCode, 401);

    const url = await ticketUrl(USER, `/api/v2/file/${file}/download-ticket`);
    const token = await files.token(USER);
    assert.equal(
      (await app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode,
      204,
    );
    assert.equal((await get(url)).statusCode, 401);
  });
});
