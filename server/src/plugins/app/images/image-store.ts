import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { writeMissingDemoImages } from '../../../db/seed/demo-images';
import { diskFileStore, type FileStore } from '../../../lib/images/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The image bytes: `${DATA_DIR}/files/images/`. */
    imageStore: FileStore;
  }
}

export default fp(
  async (fastify) => {
    const root = join(fastify.config.dataDir, 'files', 'images');
    await mkdir(root, { recursive: true });
    const store = diskFileStore(root);
    // The demo data's pictures: their rows come with the seed, their bytes are drawn here.
    if (fastify.config.seedDemo) await writeMissingDemoImages(fastify.db, store);
    fastify.decorate('imageStore', store);
  },
  { name: 'image-store', dependencies: ['config', 'database'] },
);
