import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { FileStore as TusFileStore } from '@tus/file-store';
import { ERRORS, isPathInsideDirectory, type DataStore } from '@tus/utils';
import { diskFileStore, type FileStore } from '../images/file-store';

/** An S3-compatible object store (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). */
export interface S3Config {
  /** Unset: AWS itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Both or neither; neither: the AWS SDK's default credentials chain. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/**
 * Where the exchanged files' bytes live: the images' interface (put, get, delete), plus what the
 * resumable uploads need. Keys are made by the server, never from a client's file name.
 */
export interface ExchangeStore extends FileStore {
  readonly kind: 'disk' | 's3';
  has(key: string): Promise<boolean>;
  /** The tus data store of the resumable uploads (unfinished uploads expire after `expirationMs`). */
  tusDatastore(expirationMs: number): DataStore;
  /**
   * Takes the bytes of a finished tus upload as a stored file and answers their key: on disk a
   * rename within one file system; for S3, streamed from the upload area into the bucket.
   */
  adoptUpload(uploadId: string): Promise<string>;
}

/** Reads and writes of the stored bytes move in chunks of up to 1 MB (Node's defaults: 64 kB and 16 kB). */
export const IO_CHUNK = 1024 * 1024;

/**
 * @tus/file-store's store, writing with a 1 MB buffer: while one write is on its way to the disk,
 * the request's next chunks gather and go in one writev, instead of the default 16 kB buffer
 * which pauses the request after every 64 kB socket read and writes chunk by chunk (16,000
 * writes for 1 GB instead of about 2,500; half the server's CPU time). The rest is the package's.
 */
export class ExchangeTusFileStore extends TusFileStore {
  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    const path = join(this.directory, fileId);
    if (!isPathInsideDirectory(this.directory, path)) throw ERRORS.FILE_NOT_FOUND;
    const sink = createWriteStream(path, { flags: 'r+', start: offset, highWaterMark: IO_CHUNK });
    try {
      await pipelineAsync(readable, sink);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + sink.bytesWritten;
  }
}

const UPLOAD_ID = /^[a-z0-9][a-z0-9_-]{0,127}$/i;
function checkUploadId(id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error(`Invalid upload id "${id}"`);
  return id;
}

/** A folder on disk (`root`), the unfinished tus uploads in `uploadsRoot` on the same file system. */
export function diskExchangeStore(root: string, uploadsRoot: string): ExchangeStore {
  const files = diskFileStore(root);
  return {
    ...files,
    kind: 'disk',
    // Reads in 1 MB chunks (the default is 64 kB): a download or a zip makes 16 times fewer trips.
    async get(key) {
      const found = await files.get(key);
      if (!found) return null;
      found.stream.destroy();
      return { stream: createReadStream(join(root, key), { highWaterMark: IO_CHUNK }), size: found.size };
    },
    async has(key) {
      const found = await files.get(key);
      found?.stream.destroy();
      return found !== null;
    },
    tusDatastore: (expirationMs) => new ExchangeTusFileStore({ directory: uploadsRoot, expirationPeriodInMilliseconds: expirationMs }),
    async adoptUpload(uploadId) {
      const key = `fx-${randomUUID()}`;
      await rename(join(uploadsRoot, checkUploadId(uploadId)), join(root, key));
      await unlink(join(uploadsRoot, `${uploadId}.json`)).catch(() => undefined);
      return key;
    },
  };
}

/** The S3 client of an S3-compatible store: path-style, checksums only when the operation requires them. */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

const KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i;
function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key "${key}"`);
  return key;
}

/**
 * An S3-compatible object store. `put` streams through a multipart upload (parts of 8 MB, a few
 * in flight), so memory stays flat; a failed stream aborts the upload and leaves no object.
 * Unfinished resumable uploads stay in `uploadsRoot` on local disk (resuming needs S3's ListParts,
 * which not every S3-compatible server has) and are streamed into the bucket when complete.
 */
export function s3ExchangeStore(config: S3Config, uploadsRoot: string): ExchangeStore {
  const client = new S3Client(s3ClientConfig(config));
  const Bucket = config.bucket;
  const store: ExchangeStore = {
    kind: 's3',
    async put(key, source) {
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // A failing source fails the body too (pipeline destroys it), and so the upload.
      pipeline(source, counted, () => undefined);
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: counted },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw error;
      }
      return { size };
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return { stream: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    tusDatastore: (expirationMs) => new ExchangeTusFileStore({ directory: uploadsRoot, expirationPeriodInMilliseconds: expirationMs }),
    async adoptUpload(uploadId) {
      const key = `fx-${randomUUID()}`;
      const path = join(uploadsRoot, checkUploadId(uploadId));
      try {
        await store.put(key, createReadStream(path));
      } finally {
        // Moved, or failed: either way the upload is over and its local bytes go.
        await unlink(path).catch(() => undefined);
        await unlink(`${path}.json`).catch(() => undefined);
      }
      return key;
    },
  };
  return store;
}
