import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the tests (smtp-server), whose messages are parsed with mailparser. It can
 * be stopped and started again on the same port, and refuses (550) the recipients in `refuse`.
 * `acceptMs` delays each acceptance, as a slower server would (the drills keep a batch in flight).
 */
export class TestSmtp {
  received: ParsedMail[] = [];
  refuse = new Set<string>();
  port = 0;
  acceptMs = 0;
  /** Errors of the server's connections since it started (a client gone mid-session). */
  errors: Error[] = [];
  private server: SMTPServer | null = null;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      // Stopping closes the pooled connections of the portal at once, as a server going away would.
      closeTimeout: 50,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address)) {
          const error = new Error('No such mailbox') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
          (mail) => {
            this.received.push(mail);
            if (this.acceptMs > 0) setTimeout(callback, this.acceptMs);
            else callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    // A refused listen (the port taken meanwhile by another process) fails the test that asked for it.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        // A client's connection that breaks (a process killed while sending) ends that session
        // only, as on a real server: kept for the caller to read, never thrown.
        server.on('error', (error: Error) => this.errors.push(error));
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(email: string): ParsedMail[] {
    return this.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((address) => address.address === email));
  }
}
