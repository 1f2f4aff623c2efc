import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, RELEASE_VERSION_PATTERN } from '@hub/shared/api';
import { diskFileStore, type FileStore } from '../../../lib/images/file-store';
import { RELEASE_FILE_CACHE, releaseFileKey, releaseFilePath, releaseFileType } from '../../../lib/remotes/release-files';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The files of the releases a team uploaded (scripts/release-remote.mjs --to): in the exchange
     * files' S3 bucket when S3_BUCKET is set, else `${DATA_DIR}/files/releases/`. Keyed by
     * releaseFileKey(remote, version, path).
     */
    releaseStore: FileStore;
  }
}

const VERSION = new RegExp(RELEASE_VERSION_PATTERN);

/**
 * Serves a release's files at /remotes/<name>/releases/<version>/<path>: those uploaded into the
 * store, else those the release script built into remote-<name>/dist/releases/ (as the static
 * hosting did). A release never changes, so every file is cached for a year; any origin may load
 * them, as the remotes' own files.
 */
export default fp(
  async (fastify) => {
    const { config } = fastify;
    let store: FileStore;
    if (fastify.exchangeStore.kind === 's3') {
      store = fastify.exchangeStore;
    } else {
      const root = join(config.dataDir, 'files', 'releases');
      await mkdir(root, { recursive: true });
      store = diskFileStore(root);
    }
    fastify.decorate('releaseStore', store);

    // One route per remote: `/remotes/<name>/releases/…` is then more precise than the static
    // hosting's `/remotes/<name>/*`, whichever is registered first.
    for (const name of REMOTE_NAMES) {
      fastify.get<{ Params: { version: string; '*': string } }>(
        `/remotes/${name}/releases/:version/*`,
        { schema: { hide: true } },
        async (request, reply) => {
          const { version } = request.params;
          const path = releaseFilePath(request.params['*']);
          if (!VERSION.test(version) || version.length > 100 || !path) return reply.notFound();
          const send = (stream: NodeJS.ReadableStream, size: number) =>
            reply
              .header('content-type', releaseFileType(path))
              .header('content-length', String(size))
              .header('cache-control', RELEASE_FILE_CACHE)
              .header('access-control-allow-origin', '*')
              .header('cross-origin-resource-policy', 'cross-origin')
              .send(stream);
          const stored = await store.get(releaseFileKey(name, version, path));
          if (stored) return send(stored.stream, stored.size);
          const built = join(config.staticDir, `remote-${name}`, 'dist', 'releases', version, path);
          const found = await stat(built).catch(() => null);
          if (found?.isFile()) return send(createReadStream(built), found.size);
          return reply.notFound();
        },
      );
    }
  },
  { name: 'release-store', dependencies: ['config', 'exchange-store'] },
);
