import { randomUUID } from 'node:crypto';
import { PassThrough, pipeline } from 'node:stream';
import multipart from '@fastify/multipart';
import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  EntityFolderParamsSchema,
  FILE_EXCHANGE_LIMITS,
  FILE_EXCHANGE_MESSAGES,
  UPLOAD_CONFLICTS,
  UploadQuerySchema,
  UploadResultSchema,
  type UploadConflict,
} from '@hub/shared/api';
import type { Session } from '../../../../lib/auth/session';
import type { FileRow, IncomingFile } from '../../../../plugins/app/file-exchange/file-exchange-repository';
import { exchangeScope } from '../../../../lib/file-exchange/exchange-scope';
import { IO_CHUNK } from '../../../../lib/file-exchange/exchange-storage';
import { cleanFileName, type CleanName } from '../../../../lib/file-exchange/file-names';
import { errorResponses } from '../../error-responses';
import { notifyUpload } from './notify';
import { fieldError, naming } from '../../../../lib/http/field-errors';

/** The field of the multipart upload's file parts. */
export const FILES_FIELD = 'files';
/** A multipart request may carry up to this many files. */
const MAX_FILES = 20;
/** Room for the multipart framing and the text fields around the files. */
const MULTIPART_OVERHEAD = 1024 * 1024;

export const maxFileSize = (fastify: FastifyInstance) => fastify.config.filesMaxSize ?? FILE_EXCHANGE_LIMITS.defaultMaxFileSize;

/**
 * Writes the rows of uploads whose bytes are already stored, in one transaction with their audit
 * lines (the repository's placeUploads); then removes the bytes they replaced and tells who should
 * know. On failure nothing is written and the new bytes are removed.
 */
export async function placeUploads(
  fastify: FastifyInstance,
  session: Session,
  incoming: IncomingFile[],
  via: 'multipart' | 'tus',
): Promise<FileRow[]> {
  let placed;
  try {
    placed = await fastify.fileExchangeRepository.placeUploads(session, incoming, via);
  } catch (error) {
    for (const file of incoming) await fastify.exchangeStore.delete(file.key).catch(() => undefined);
    throw error;
  }
  for (const { replacedKey } of placed) {
    if (replacedKey)
      await fastify.exchangeStore
        .delete(replacedKey)
        .catch((error: unknown) => fastify.log.error({ err: error }, 'replaced file not removed'));
  }
  for (const { row } of placed) await notifyUpload(fastify, row, session.user.id);
  return placed.map((result) => result.row);
}

function readConflict(value: string | undefined): UploadConflict | null {
  if (value === undefined || value === '') return null;
  if (!(UPLOAD_CONFLICTS as readonly string[]).includes(value))
    throw fieldError(400, 'conflict', `must be one of ${UPLOAD_CONFLICTS.join(', ')}`);
  return value as UploadConflict;
}

/** POST entity/{id}/folders/{folderId}/upload-files (docs/product.md §7): multipart, one or several files, streamed into the store. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const maxSize = maxFileSize(fastify);
  // Registered in this scope only. busboy stops a file at `fileSize` bytes and marks it truncated.
  await fastify.register(multipart, {
    limits: { fileSize: maxSize, files: MAX_FILES, fields: 10, fieldSize: 1000, parts: MAX_FILES + 10 },
    throwFileSizeLimit: false,
    // The name as sent, path included: cleanFileName keeps the last segment, the original is shown.
    preservePath: true,
    // A file part may hold 1 MB before busboy pauses the request (the default, 16 kB, is less
    // than one socket read: the parser stopped after each 64 kB chunk until the disk took it).
    fileHwm: IO_CHUNK,
  });

  fastify.post(
    '/entity/:id/folders/:folderId/upload-files',
    {
      schema: {
        tags: ['files'],
        params: EntityFolderParamsSchema,
        querystring: UploadQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 201: UploadResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const store = fastify.exchangeStore;
      const repository = fastify.fileExchangeRepository;
      const folder = await repository.folder(exchangeScope(request.session), request.params.folderId);
      if (!folder || folder.entity_id !== request.params.id) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);
      // Refused up front, before a byte is read: the whole request is bounded by FILES_MAX_SIZE.
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > maxSize + MULTIPART_OVERHEAD) throw httpErrors.payloadTooLarge(FILE_EXCHANGE_MESSAGES.tooLarge(maxSize));
      if (!request.isMultipart()) throw naming(httpErrors.badRequest(FILE_EXCHANGE_MESSAGES.noFiles), FILES_FIELD);

      let conflict = readConflict(request.query.conflict);
      let fileId: number | null = request.query.fileId ?? null;
      const stored: Array<{ key: string; size: number; clean: CleanName }> = [];
      const duplicates: string[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'conflict') conflict = readConflict(String(part.value));
            if (part.fieldname === 'fileId') {
              const value = Number(part.value);
              if (!Number.isInteger(value) || value < 1) throw fieldError(400, 'fileId', 'must be a file id');
              fileId = value;
            }
            continue;
          }
          if (part.fieldname !== FILES_FIELD) {
            part.file.resume();
            throw fieldError(400, part.fieldname, `unexpected file, send the files as "${FILES_FIELD}"`);
          }
          // A form whose file input was left empty still sends the part, nameless and empty.
          if (part.filename === '') {
            part.file.resume();
            continue;
          }
          const clean = cleanFileName(part.filename);
          if (!conflict && fileId === null) {
            const taken =
              stored.some((file) => file.clean.name.toLowerCase() === clean.name.toLowerCase()) ||
              (await repository.checkDuplicates(folder.id, [clean.name])).length > 0;
            if (taken) duplicates.push(clean.name);
          }
          // Once a name is taken nothing more is stored: the other parts are read only for their names.
          if (duplicates.length > 0) {
            part.file.resume();
            continue;
          }
          const guard = new PassThrough({ highWaterMark: IO_CHUNK });
          part.file.once('limit', () => guard.destroy(httpErrors.payloadTooLarge(FILE_EXCHANGE_MESSAGES.tooLarge(maxSize))));
          pipeline(part.file, guard, () => undefined);
          const key = `fx-${randomUUID()}`;
          const { size } = await store.put(key, guard);
          stored.push({ key, size, clean });
          if (part.file.truncated) throw httpErrors.payloadTooLarge(FILE_EXCHANGE_MESSAGES.tooLarge(maxSize));
          if (size === 0) throw naming(httpErrors.badRequest(FILE_EXCHANGE_MESSAGES.emptyFile(clean.original)), FILES_FIELD);
        }
        if (duplicates.length > 0) throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.duplicate(duplicates));
        if (stored.length === 0) throw naming(httpErrors.badRequest(FILE_EXCHANGE_MESSAGES.noFiles), FILES_FIELD);
        if (fileId !== null && stored.length > 1) throw fieldError(400, 'fileId', 'one file only fills a missing file');
      } catch (error) {
        for (const file of stored) await store.delete(file.key).catch(() => undefined);
        throw error;
      }

      const rows = await placeUploads(
        fastify,
        request.session,
        stored.map((file) => ({
          folderId: folder.id,
          fileId,
          clean: file.clean,
          conflict,
          key: file.key,
          size: file.size,
          userId: request.session.user.id,
        })),
        'multipart',
      );
      return reply.code(201).send({ items: rows.map(repository.toFile) });
    },
  );
};
export default routes;
