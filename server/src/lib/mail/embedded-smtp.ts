import { SMTPServer } from 'smtp-server';
import { decodeWords, messageHeaders } from './read-message';

/** A received message is kept up to this size (the page shows it; a notification email is a few kB). */
const RAW_LIMIT = 256 * 1024;

export interface ReceivedMessage {
  mail_from: string;
  rcpt_to: string;
  subject: string;
  message_id: string;
  raw: string;
}

/**
 * The embedded SMTP server of development (no SMTP_URL): on 127.0.0.1 only, no authentication, it
 * hands each message it receives to `keep` (the administrators' page lists them). Never started in
 * production or in tests (plugins/app/mail/mail-worker.ts).
 */
export async function startEmbeddedSmtp(
  port: number,
  keep: (message: ReceivedMessage) => Promise<void>,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'client hub embedded SMTP server (development)',
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (size < RAW_LIMIT) chunks.push(chunk);
        size += chunk.length;
      });
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8').slice(0, RAW_LIMIT);
        const headers = messageHeaders(raw);
        const from = session.envelope.mailFrom;
        keep({
          mail_from: from ? from.address : '',
          rcpt_to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', '),
          // Decoded (RFC 2047), so that the list reads 'répondu' where the message says '=?UTF-8?Q?r=C3=A9pondu?='.
          subject: decodeWords(headers.get('subject') ?? ''),
          message_id: headers.get('message-id') ?? '',
          raw,
        }).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(port);
  } catch (error) {
    // Another portal on this machine holds the port (a second `npm start`, the journeys' portal):
    // this process's own worker is the only sender, so any free port serves.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    await listen(0);
  }
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
