import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import { httpErrors } from '@fastify/sensible';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FIELD_LIMITS, IMAGE_FILE_FIELD, IMAGE_MESSAGES, LIMITS, type ImageCategory } from '@hub/shared/api';
import { cleanFileName } from '../file-exchange/file-names';
import type { FileStore } from './file-store';
import { FILE_REQUIRED, ImageTypeCheck, type ImageMime } from './image-type';
import { fieldError, naming } from '../http/field-errors';

export { FILE_REQUIRED };
export const TOO_LARGE = IMAGE_MESSAGES.tooLarge;
const CATEGORIES: readonly ImageCategory[] = ['banner', 'thumbnail', 'profile', 'logo', 'description'];

/**
 * The limits given to @fastify/multipart where the image routes register it. busboy stops a file
 * at `fileSize` bytes (marking it truncated): one byte under 50 MB is the largest accepted size.
 */
export const IMAGE_MULTIPART_LIMITS = { fileSize: LIMITS.imageMaxBytes - 1, files: 1, fields: 10, fieldSize: 10_000, parts: 12 };

/** A file already in the store under `key`: the caller writes its row, or deletes it. */
export interface StoredImageFile {
  key: string;
  size: number;
  mime: ImageMime;
  filename: string;
}

export interface ReceivedImage {
  fields: Record<string, string>;
  file: StoredImageFile | null;
}

/**
 * Reads a multipart image upload: the text fields, and the file part streamed straight into the
 * store while its type is checked from its first bytes and its size held under 50 MB. Nothing is
 * kept in memory; a refused or broken file leaves nothing in the store.
 */
export async function receiveImage(request: FastifyRequest, store: FileStore): Promise<ReceivedImage> {
  if (!request.isMultipart()) throw naming(httpErrors.badRequest(FILE_REQUIRED), IMAGE_FILE_FIELD);
  const fields: Record<string, string> = {};
  let file: StoredImageFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== IMAGE_FILE_FIELD)
        throw fieldError(400, part.fieldname, `unexpected file, send the image as "${IMAGE_FILE_FIELD}"`);
      // A form whose file input was left empty still sends the part, nameless and empty.
      if (part.filename === '') {
        part.file.resume();
        continue;
      }
      const check = new ImageTypeCheck();
      // Past the limit busboy stops the file: fail the stream there, so the partial file goes.
      part.file.once('limit', () => check.destroy(naming(httpErrors.badRequest(TOO_LARGE), IMAGE_FILE_FIELD)));
      const checked = pipeline(part.file, check, () => undefined);
      const key = randomUUID();
      const { size } = await store.put(key, checked);
      file = { key, size, mime: check.mime!, filename: imageFileName(part.filename) };
      if (part.file.truncated) throw naming(httpErrors.badRequest(TOO_LARGE), IMAGE_FILE_FIELD);
    }
  } catch (error) {
    if (file) await store.delete(file.key);
    throw error;
  }
  return { fields, file };
}

/** The file's name as an image's default name: no path, control or bidirectional override characters, bounded. */
function imageFileName(raw: string): string {
  try {
    return cleanFileName(raw).name;
  } catch {
    return '';
  }
}

/** Control characters and bidirectional overrides, removed from a typed name too. */
const withoutControls = (text: string) =>
  [...text]
    .filter((char) => {
      const code = char.codePointAt(0)!;
      return !(code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069));
    })
    .join('');

export interface ImageFields {
  category?: ImageCategory;
  name?: string;
  description?: string | null;
}

/** The text fields of an upload, checked as the JSON routes check theirs (messages naming the field). */
export function imageFields(raw: Record<string, string>, { create }: { create: boolean }): ImageFields {
  const fields: ImageFields = {};
  const category = raw.category?.trim();
  if (category) {
    if (!CATEGORIES.includes(category as ImageCategory)) throw fieldError(400, 'category', `must be one of ${CATEGORIES.join(', ')}`);
    fields.category = category as ImageCategory;
  } else if (create) {
    throw fieldError(400, 'category', 'This field is required');
  }
  if (raw.name !== undefined) {
    const name = withoutControls(raw.name).trim();
    if (!name) throw fieldError(400, 'name', 'This field is required');
    if (name.length > FIELD_LIMITS.imageName) throw fieldError(400, 'name', `Invalid length, maximum length is ${FIELD_LIMITS.imageName}`);
    fields.name = name;
  }
  if (raw.description !== undefined) {
    if (raw.description.length > FIELD_LIMITS.imageDescription)
      throw fieldError(400, 'description', `Invalid length, maximum length is ${FIELD_LIMITS.imageDescription}`);
    fields.description = raw.description.trim() || null;
  }
  return fields;
}
