import fp from 'fastify-plugin';
import { createTransport, type Transporter } from 'nodemailer';
import { composeEmail, type EmailSettings } from '../../../lib/mail/compose-email';
import type { Claimed } from './mail-repository';
import { runPeriodically } from '../../../lib/periodic-job';

/** Emails claimed at once by one process; the pooled transport sends them over a few connections. */
const BATCH = 100;
/** How often the daily digest looks for work (one guarded statement); the retention job removes old emails. */
const DIGEST_EVERY_MS = 60_000;

export interface MailService {
  /** Sends what is due at `now` until nothing is left; returns how many were sent. */
  drain(now?: Date): Promise<number>;
  /** Writes the digests due at `now` into the outbox (the worker sends them). */
  writeDigests(now?: Date): Promise<number>;
  /** Asks for a drain soon (a retry, a new email), without waiting for the next tick. */
  wake(): void;
  /** Whether emails go to the embedded SMTP server of development (what the administrators' page lists). */
  readonly embedded: boolean;
  /** Whether this process sends at all (SMTP_URL, or the embedded server). */
  readonly sending: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** A refusal the SMTP server says is final (5xx): retrying would not help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The mail worker of every server process (docs/product.md §12). It claims due emails from the
 * outbox (FOR UPDATE SKIP LOCKED, so processes share the work), sends each with its row's stable
 * Message-ID, and marks it sent, or tries again later (2 s, 5 s, 15 s… then every 3 minutes),
 * or failed after the last try. A process killed between the SMTP server's accept and the mark
 * leaves the row claimed: it is sent again once, with the same Message-ID, after the claim lapses.
 *
 * SMTP_URL is used as given; without it, development starts the embedded SMTP server and sends
 * there; production and tests without it send nothing (the emails wait in the outbox).
 */
export default fp(
  async (fastify) => {
    const { config } = fastify;
    const mail = config.mail;
    let transport: Transporter | null = null;
    let embedded = false;
    if (mail?.smtpUrl) {
      transport = createTransport({
        url: mail.smtpUrl,
        pool: true,
        maxConnections: 10,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
    } else if (mail && config.nodeEnv === 'development') {
      // Imported here so that production never loads the embedded server.
      const { startEmbeddedSmtp } = await import('../../../lib/mail/embedded-smtp');
      const server = await startEmbeddedSmtp(mail.embeddedPort, (message) => fastify.mailRepository.recordReceived(message));
      fastify.addHook('onClose', () => server.close());
      transport = createTransport({ host: '127.0.0.1', port: server.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 5 });
      embedded = true;
      fastify.log.info({ port: server.port }, 'SMTP_URL is unset: emails go to the embedded SMTP server (see /admin/mail)');
    } else if (config.nodeEnv === 'production') {
      fastify.log.warn('SMTP_URL is unset: no email is sent (they wait in the outbox)');
    }
    if (transport) fastify.addHook('onClose', () => transport.close());

    const settings: EmailSettings = {
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      from: mail?.from ?? 'Client hub <no-reply@localhost>',
      portalName: mail?.portalName ?? 'Client hub',
    };

    /** Sends one email; false when it was not accepted (its row is then marked for a later try, or failed). */
    async function sendOne(row: Claimed, now: Date): Promise<boolean> {
      const email = composeEmail(row, settings);
      try {
        await transport!.sendMail({ ...email, envelope: { from: email.from, to: [email.to] } });
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await fastify.mailRepository.markFailedTry(row, now, message, isPermanent(error));
        fastify.log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'email not sent');
        return false;
      }
    }

    let draining: Promise<number> | null = null;
    async function drainLoop(now?: Date): Promise<number> {
      let sent = 0;
      for (;;) {
        const at = now ?? new Date();
        const rows = await fastify.mailRepository.claim(at, BATCH);
        const results = await Promise.all(rows.map((row) => sendOne(row, at)));
        const accepted = rows.filter((_, i) => results[i]);
        await fastify.mailRepository.markSent(accepted, at);
        sent += accepted.length;
        if (rows.length < BATCH) return sent;
      }
    }
    const drain = (now?: Date): Promise<number> => {
      if (!transport) return Promise.resolve(0);
      // One drain at a time per process; a caller during one waits for it and then drains again.
      const run = (draining ?? Promise.resolve(0)).catch(() => 0).then(() => drainLoop(now));
      const mine = run.finally(() => {
        if (draining === mine) draining = null;
      });
      draining = mine;
      return mine;
    };

    let wakeTimer: NodeJS.Timeout | null = null;
    const service: MailService = {
      drain,
      writeDigests: (now) => fastify.mailRepository.writeDigests(now ?? new Date()),
      wake() {
        if (!transport || !mail?.workerIntervalMs || wakeTimer) return;
        wakeTimer = setTimeout(() => {
          wakeTimer = null;
          drain().catch((error: unknown) => fastify.log.error({ err: error }, 'mail worker failed'));
        }, 50);
        wakeTimer.unref();
      },
      embedded,
      sending: transport !== null,
    };
    fastify.decorate('mail', service);

    const interval = mail?.workerIntervalMs ?? 0;
    if (!interval) return;
    // The first runs one interval after start, as each of these then runs every interval.
    const every = (ms: number, job: () => Promise<unknown>, what: string) => runPeriodically(fastify, ms, what, job, { atStart: false });
    if (transport) every(interval, () => drain(), 'mail worker');
    every(
      DIGEST_EVERY_MS,
      async () => {
        const written = await service.writeDigests();
        if (written) fastify.log.info({ digests: written }, 'daily digests written');
      },
      'daily digest',
    );
    fastify.addHook('onClose', async () => {
      if (wakeTimer) clearTimeout(wakeTimer);
      await draining;
    });
  },
  { name: 'mail-worker', dependencies: ['mail-repository', 'config'] },
);
