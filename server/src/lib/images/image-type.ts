import { Transform, type TransformCallback } from 'node:stream';
import { httpErrors } from '@fastify/sensible';
import { IMAGE_FILE_FIELD } from '@hub/shared/api';
import { naming } from '../http/field-errors';

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** Enough bytes to tell the types apart (webp needs 12) and read the declared size (webp's VP8X needs 30). */
const HEAD = 30;

/** A picture larger than this would take gigabytes to draw in a browser: refused from its header. */
export const MAX_IMAGE_PIXELS = 100_000_000;
export const TOO_MANY_PIXELS = 'Image dimensions should be at most 100 million pixels';

/** Width × height as the header declares them (png, gif, webp VP8X), or null when not in `head`. */
export function declaredPixels(head: Buffer, mime: ImageMime): number | null {
  if (mime === 'image/png' && head.length >= 24 && head.subarray(12, 16).toString('latin1') === 'IHDR')
    return head.readUInt32BE(16) * head.readUInt32BE(20);
  if (mime === 'image/gif' && head.length >= 10) return head.readUInt16LE(6) * head.readUInt16LE(8);
  if (mime === 'image/webp' && head.length >= 30 && head.subarray(12, 16).toString('latin1') === 'VP8X')
    return (head.readUIntLE(24, 3) + 1) * (head.readUIntLE(27, 3) + 1);
  return null;
}

/**
 * The image type from the file's first bytes (its magic number), whatever its name or declared
 * type says. SVG is not accepted: it is a document that can carry scripts.
 */
export function sniffImageType(head: Buffer): ImageMime | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export const FILE_REQUIRED = 'File is Required';
export const NOT_AN_IMAGE = 'Only jpeg, png, gif and webp images are accepted';

/**
 * Passes the bytes through, and fails the stream as soon as its first bytes show it is not an
 * accepted image: nothing more of it is read or stored.
 */
export class ImageTypeCheck extends Transform {
  mime: ImageMime | null = null;
  private head: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.mime) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < HEAD) return callback();
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.mime) return callback();
    this.release(callback);
  }

  private release(callback: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.length === 0) return callback(naming(httpErrors.badRequest(FILE_REQUIRED), IMAGE_FILE_FIELD));
    this.mime = sniffImageType(head);
    if (!this.mime) return callback(naming(httpErrors.badRequest(NOT_AN_IMAGE), IMAGE_FILE_FIELD));
    if ((declaredPixels(head, this.mime) ?? 0) > MAX_IMAGE_PIXELS)
      return callback(naming(httpErrors.badRequest(TOO_MANY_PIXELS), IMAGE_FILE_FIELD));
    callback(null, head);
  }
}
