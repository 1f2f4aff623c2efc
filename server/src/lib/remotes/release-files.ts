import { createHash } from 'node:crypto';
import { extname } from 'node:path';

/** The most bytes of one uploaded release file (a remote's chunks are far smaller). */
export const RELEASE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Released files never change: they are cached for a year. */
export const RELEASE_FILE_CACHE = 'public, max-age=31536000, immutable';

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._+-]*$/;

/**
 * A release file's path inside its release (`mf-manifest.json`, `static/js/812.3f9a1c2b.js`), or
 * null when it is not one the store takes: at most 8 folders deep and 300 characters, each part of
 * letters, digits, '.', '_', '+', '-', starting with neither '.' nor '-' (so no '..', no hidden file).
 */
export function releaseFilePath(path: string): string | null {
  if (path.length === 0 || path.length > 300) return null;
  const segments = path.split('/');
  if (segments.length > 8 || !segments.every((segment) => SEGMENT.test(segment))) return null;
  return path;
}

/**
 * The store's key of a release file: the SHA-256 of the remote, the version and the path, so that
 * the store's flat keys (disk or S3) hold a release's folders.
 */
export function releaseFileKey(remote: string, version: string, path: string): string {
  return `release-${createHash('sha256').update(`${remote}\u0000${version}\u0000${path}`).digest('hex')}`;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The Content-Type a release file is served with, from its extension. */
export function releaseFileType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
