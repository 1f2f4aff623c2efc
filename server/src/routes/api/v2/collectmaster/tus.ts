import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  FILE_EXCHANGE_LIMITS,
  FILE_EXCHANGE_MESSAGES,
  TUS_ENDPOINT,
  TUS_FILE_ID_HEADER,
  TUS_METADATA,
  UPLOAD_CONFLICTS,
  type UploadConflict,
} from '@hub/shared/api';
import type { Session } from '../../../../lib/auth/session';
import { exchangeScope } from '../../../../lib/file-exchange/exchange-scope';
import { cleanFileName } from '../../../../lib/file-exchange/file-names';
import { maxFileSize, placeUploads } from './uploads';
import { fieldError } from '../../../../lib/http/field-errors';

/** A tus hook's refusal: tus answers `status_code` with `body`. */
interface TusError {
  status_code: number;
  body: string;
}
const errorBody = (statusCode: number, message: string) =>
  JSON.stringify({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message });
const tusError = (statusCode: number, message: string): TusError => ({ status_code: statusCode, body: errorBody(statusCode, message) });

/** Our HTTP errors (httpErrors.*) as tus refusals, with the same JSON body as every other answer. */
function asTusError(error: unknown): unknown {
  const statusCode = (error as { statusCode?: number }).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return tusError(statusCode, (error as Error).message);
  return error;
}

const positiveId = (value: string | null | undefined) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** Cleans up expired uploads this often (they expire 24 h after their creation). */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Resumable uploads (tus 1.0.0: creation, creation-with-upload, termination, expiration) at
 * /api/v2/uploads, behind the session guard: the bearer token is checked before tus sees the
 * request, the rights on creation, and only the upload's creator may continue or end it. The last
 * PATCH moves the bytes into the store and writes the row in one transaction (placeUploads).
 */
const routes: FastifyPluginAsyncTypebox = async (fastify: FastifyInstance) => {
  const maxSize = maxFileSize(fastify);
  const expirationMs = FILE_EXCHANGE_LIMITS.uploadExpiryHours * 60 * 60 * 1000;
  const sessions = new WeakMap<IncomingMessage, Session>();

  const sessionOf = (req: unknown): Session => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const session = raw ? sessions.get(raw) : undefined;
    if (!session) throw tusError(401, 'Missing bearer token');
    return session;
  };

  // Made on the first resumable upload: @tus/file-store creates its folder from its constructor
  // without waiting, which must not race a process (a test) that starts and stops at once.
  let made: { tus: TusServer; datastore: ReturnType<typeof fastify.exchangeStore.tusDatastore> } | null = null;
  const server = () => {
    if (!made) {
      const datastore = fastify.exchangeStore.tusDatastore(expirationMs);
      made = { tus: makeServer(datastore), datastore };
    }
    return made;
  };

  const makeServer = (datastore: ReturnType<typeof fastify.exchangeStore.tusDatastore>) =>
    new TusServer({
      path: TUS_ENDPOINT,
      datastore,
      maxSize,
      relativeLocation: true,
      respectForwardedHeaders: fastify.config.nodeEnv === 'production',
      exposedHeaders: [TUS_FILE_ID_HEADER],
      async onUploadCreate(req, upload: Upload) {
        try {
          const session = sessionOf(req);
          const metadata = upload.metadata ?? {};
          const folderId = positiveId(metadata[TUS_METADATA.folderId]);
          const filename = metadata[TUS_METADATA.filename];
          if (folderId === null || !filename) throw httpErrors.badRequest(FILE_EXCHANGE_MESSAGES.uploadMetadata);
          if (upload.size === undefined) throw httpErrors.badRequest('Upload-Length: This field is required');
          const clean = cleanFileName(filename);
          if (upload.size === 0) throw httpErrors.badRequest(FILE_EXCHANGE_MESSAGES.emptyFile(clean.original));
          const folder = await fastify.fileExchangeRepository.folder(exchangeScope(session), folderId);
          if (!folder) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);
          const conflict = metadata[TUS_METADATA.conflict] || null;
          if (conflict !== null && !(UPLOAD_CONFLICTS as readonly string[]).includes(conflict)) {
            throw fieldError(400, 'conflict', `must be one of ${UPLOAD_CONFLICTS.join(', ')}`);
          }
          const fileIdValue = metadata[TUS_METADATA.fileId];
          const fileId = positiveId(fileIdValue);
          if (fileIdValue && fileId === null) throw httpErrors.badRequest('fileId: must be a file id');
          if (fileId !== null) {
            const slot = await fastify.fileExchangeRepository.fileRow(exchangeScope(session), fileId);
            if (!slot || slot.folder_id !== folder.id) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.notMissing);
          } else if (conflict === null) {
            const taken = await fastify.fileExchangeRepository.checkDuplicates(folder.id, [clean.name]);
            if (taken.length > 0) throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.duplicate(taken));
          }
          return { metadata: { ...metadata, userId: String(session.user.id), entityId: String(folder.entity_id) } };
        } catch (error) {
          throw asTusError(error);
        }
      },
      async onUploadFinish(req, upload: Upload) {
        try {
          const session = sessionOf(req);
          const metadata = upload.metadata ?? {};
          const key = await fastify.exchangeStore.adoptUpload(upload.id);
          const [row] = await placeUploads(
            fastify,
            session,
            [
              {
                folderId: positiveId(metadata[TUS_METADATA.folderId])!,
                fileId: positiveId(metadata[TUS_METADATA.fileId]),
                clean: cleanFileName(metadata[TUS_METADATA.filename] ?? ''),
                // Never silently overwrite: a name taken while the bytes travelled keeps both.
                conflict: (metadata[TUS_METADATA.conflict] as UploadConflict | undefined) || 'keep-both',
                key,
                size: upload.size ?? upload.offset,
                userId: session.user.id,
              },
            ],
            'tus',
          );
          return {
            status_code: 200,
            headers: { [TUS_FILE_ID_HEADER]: String(row!.id), 'Content-Type': 'application/json; charset=utf-8' },
            body: JSON.stringify(fastify.fileExchangeRepository.toFile(row!)),
          };
        } catch (error) {
          throw asTusError(error);
        }
      },
      onResponseError(_req, error) {
        const statusCode = 'status_code' in error ? error.status_code : 500;
        const body = 'body' in error ? error.body : '';
        if (body.startsWith('{')) return { status_code: statusCode, body };
        if (statusCode === 413) return tusError(413, FILE_EXCHANGE_MESSAGES.tooLarge(maxSize));
        if (statusCode >= 500) {
          fastify.log.error({ err: error }, 'resumable upload failed');
          return tusError(statusCode, 'Internal Server Error');
        }
        return tusError(statusCode, body.trim() || (STATUS_CODES[statusCode] ?? 'Error'));
      },
    });
  // The holder is the root's (exchange-store.ts): the server is reachable outside this scope.
  fastify.tusUploads.get = () => server().tus;

  // Abandoned uploads: their bytes go once expired.
  const cleanup = setInterval(() => {
    if (!made) return;
    made.tus.cleanUpExpiredUploads().catch((error: unknown) => fastify.log.error({ err: error }, 'expired uploads not cleaned up'));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  fastify.addHook('onClose', async () => clearInterval(cleanup));

  // tus reads the body itself: Fastify must leave the stream alone.
  fastify.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = (request.params as { id?: string }).id;
    if (id !== undefined) {
      // Only the upload's creator may continue, read or end it; anyone else meets "not found".
      const upload = await server()
        .datastore.getUpload(id)
        .catch(() => null);
      if (upload && upload.metadata?.userId !== String(request.session.user.id)) {
        return reply
          .code(404)
          .header('Tus-Resumable', '1.0.0')
          .send({ statusCode: 404, error: 'Not Found', message: 'The file for this url was not found' });
      }
    }
    sessions.set(request.raw, request.session);
    reply.hijack();
    await server().tus.handle(request.raw, reply.raw);
  };

  const schema = { tags: ['files'], params: Type.Object({ id: Type.Optional(Type.String({ maxLength: 128 })) }) };
  fastify.route({ method: ['POST'], url: '/uploads', schema, handler });
  fastify.route({ method: ['PATCH', 'HEAD', 'DELETE'], url: '/uploads/:id', schema, handler });
};
export default routes;
