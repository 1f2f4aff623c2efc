// @one-pass: a server on a port, whatever the database.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { describe, test } from 'node:test';
import { startEmbeddedSmtp } from '../../../src/lib/mail/embedded-smtp';

describe("the embedded SMTP server's port", () => {
  test('should take a free port when another process holds the one configured', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as { port: number }).port;
    const smtp = await startEmbeddedSmtp(taken, async () => {});
    try {
      assert.notEqual(smtp.port, taken);
      assert.ok(smtp.port > 0);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
