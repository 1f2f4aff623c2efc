import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { DatabaseOpenError, openPglite } from '../../src/db/pglite-db';
import { createAccessTokens } from '../../src/plugins/app/auth/access-tokens';
import { DB_KIND } from '../test-support/helper';
import { SESSION_SECRET, startServerProcess, type ServerProcess } from './server-process';

// Processes of their own on embedded PGlite: once per run, in the PGlite pass.
const skip = DB_KIND !== 'pglite' ? 'runs once, in the PGlite pass' : false;
const CUSTOMER = 'user@northwind.test';
const tokens = createAccessTokens(SESSION_SECRET);

describe('embedded PGlite killed during writes', { skip }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-pglite-kill-'));
  let server: ServerProcess | undefined;
  after(() => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A bearer token of the demo customer, issued with the process's session secret as sign-in does. */
  async function customerToken(base: string): Promise<string> {
    for (let id = 1; id <= 20; id += 1) {
      const token = await tokens.issue(id, 'hub-api');
      const response = await fetch(`${base}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status === 200 && ((await response.json()) as { email: string }).email === CUSTOMER) return token;
    }
    throw new Error(`no ${CUSTOMER} among the first users`);
  }

  test('should keep every acknowledged write after kill -9, and refuse to start over a damaged folder', async () => {
    server = await startServerProcess(dataDir);
    const token = await customerToken(server.base);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // Writes keep coming, four at a time, until the process is killed in the middle of them.
    const acknowledged: number[] = [];
    let killed = false;
    const writer = async (lane: number) => {
      for (let i = 0; !killed; i += 1) {
        try {
          const response = await fetch(`${server!.base}/api/discussions`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ message: `lane ${lane} write ${i}` }),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { message: { id: number } }).message.id);
        } catch {
          return; // the process is gone
        }
      }
    };
    const lanes = [1, 2, 3, 4].map(writer);
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(lanes);
    assert.equal((await server.exited).signal, 'SIGKILL');
    const written = [...acknowledged];

    // Restarted on the same folder: it opens, and every acknowledged write is there.
    server = await startServerProcess(dataDir);
    const thread = await fetch(`${server.base}/api/discussions/all`, {
      headers: { authorization: `Bearer ${await customerToken(server.base)}` },
    });
    assert.equal(thread.status, 200);
    const discussions = (await thread.json()) as { items: { id: number }[] };
    const reader = { authorization: `Bearer ${await customerToken(server.base)}` };
    const found = new Set<number>();
    for (const discussion of discussions.items) {
      const response: Response = await fetch(`${server.base}/api/discussions/${discussion.id}/messages`, { headers: reader });
      assert.equal(response.status, 200);
      const body = (await response.json()) as { messages: { id: number }[] };
      for (const message of body.messages) found.add(message.id);
    }
    const missing = written.filter((id) => !found.has(id));
    assert.deepEqual(missing, [], `${written.length} acknowledged writes, ${missing.length} missing`);
    console.log(`pglite kill -9: ${written.length} acknowledged writes before the kill, ${missing.length} missing after the restart`);
    server.child.kill('SIGTERM');
    assert.equal((await server.exited).code, 0);

    // A damaged folder: start-up stops with a message naming it, and the folder is left as it was.
    const folder = join(dataDir, 'pglite');
    writeFileSync(join(folder, 'global', 'pg_control'), 'damaged');
    await assert.rejects(startServerProcess(dataDir), (error: Error) => {
      assert.match(error.message, /the server exited before answering/);
      assert.ok(error.message.includes(`The embedded database folder ${folder} cannot be opened`), error.message);
      return true;
    });
  });

  test('should refuse a folder with files but no PG_VERSION instead of initialising an empty database over it', async () => {
    const folder = join(dataDir, 'not-a-database');
    mkdirSync(join(folder, 'base'), { recursive: true });
    writeFileSync(join(folder, 'base', 'kept'), 'what was there');
    await assert.rejects(openPglite({ dataDir: folder }), (error: Error) => {
      assert.ok(error instanceof DatabaseOpenError);
      assert.ok(error.message.includes(folder));
      return true;
    });
    assert.deepEqual(readdirSync(folder), ['base'], 'nothing written into the folder');
  });
});
