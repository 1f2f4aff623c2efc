import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Server as TusServer } from '@tus/server';
import fp from 'fastify-plugin';
import { writeMissingDemoFiles } from '../../../db/seed/demo-files';
import { diskExchangeStore, s3ExchangeStore, type ExchangeStore } from '../../../lib/file-exchange/exchange-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exchanged files' bytes: `${DATA_DIR}/files/exchange/`, or the S3 bucket when S3_BUCKET is set. */
    exchangeStore: ExchangeStore;
    /** The resumable-upload server, which the uploads route makes on first use (tests run its clean-up). */
    tusUploads: { get(): TusServer };
  }
}

export default fp(
  async (fastify) => {
    let store: ExchangeStore;
    const s3 = fastify.config.s3 ?? null;
    const uploadsRoot = join(fastify.config.dataDir, 'files', 'exchange-uploads');
    await mkdir(uploadsRoot, { recursive: true });
    if (s3) {
      store = s3ExchangeStore(s3, uploadsRoot);
    } else {
      const root = join(fastify.config.dataDir, 'files', 'exchange');
      await mkdir(root, { recursive: true });
      store = diskExchangeStore(root, uploadsRoot);
    }
    if (fastify.config.seedDemo) await writeMissingDemoFiles(fastify.db, store);
    fastify.decorate('exchangeStore', store);
    fastify.decorate('tusUploads', {
      get(): TusServer {
        throw new Error('The resumable uploads route is not registered');
      },
    });
  },
  { name: 'exchange-store', dependencies: ['config', 'database'] },
);
