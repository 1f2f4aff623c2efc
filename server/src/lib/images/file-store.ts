import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where stored bytes live, behind the smallest interface an S3-compatible store could implement
 * too. Keys are made by the server (never from a client's file name).
 */
export interface FileStore {
  /** Stores the whole stream under `key`, or nothing: a failed or refused stream leaves no file. */
  put(key: string, source: Readable): Promise<{ size: number }>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key "${key}"`);
  return key;
}

/**
 * A folder on disk. `put` writes to a temporary file in the same folder and renames it into
 * place only once the stream has ended well (a rename within one file system is atomic), so a
 * reader never meets half a file and a failed upload leaves nothing behind.
 */
export function diskFileStore(root: string): FileStore {
  return {
    async put(key, source) {
      const target = join(root, checkKey(key));
      const temporary = join(root, `.upload-${randomUUID()}.tmp`);
      // A 1 MB buffer: chunks gather while a write is on its way and go together (the default
      // 16 kB pauses the source after each chunk and writes them one by one).
      const sink = createWriteStream(temporary, { flags: 'wx', highWaterMark: 1024 * 1024 });
      try {
        await pipeline(source, sink);
        await rename(temporary, target);
      } catch (error) {
        // A source that fails while the file is still being opened makes the pipeline give up
        // before the file exists; the open then completes and creates it. Wait for the sink to be
        // closed, then remove whatever it left.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      return { size: (await stat(target)).size };
    },

    async get(key) {
      const path = join(root, checkKey(key));
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await unlink(join(root, checkKey(key))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
