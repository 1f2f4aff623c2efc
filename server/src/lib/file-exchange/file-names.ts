import { httpErrors } from '@fastify/sensible';
import { FILE_EXCHANGE_LIMITS, FILE_EXCHANGE_MESSAGES } from '@hub/shared/api';

/** C0 and C1 control characters, and the bidirectional overrides that make a name read otherwise. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}
const withoutControls = (text: string) => [...text].filter((char) => !isControl(char.codePointAt(0)!)).join('');
/** Characters no common file system accepts in a name. */
const RESERVED = /[<>:"|?*]/g;

export interface CleanName {
  /** Stored and unique in its folder. */
  name: string;
  /** As the user had it (control characters removed, bounded), for display. */
  original: string;
  /** Lower case, without the dot; '' when none. */
  extension: string;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  const extension = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,16}$/.test(extension) ? extension : '';
}

/** Keeps `name` within `max` characters, cutting the stem and keeping the extension. */
function bound(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const extension = extensionOf(name);
  if (!extension || extension.length + 2 > max) return chars.slice(0, max).join('');
  const stem = [...name.slice(0, name.length - extension.length - 1)];
  return `${stem.slice(0, max - extension.length - 1).join('')}.${extension}`;
}

/**
 * A user's file name made safe to store and show: the last segment of a path only (no `/` or
 * `\`), no `..`, no control characters, no reserved characters, no leading or trailing dots and
 * spaces, at most 200 characters. A name with nothing left (`..`, `/`) is refused (400).
 */
export function cleanFileName(raw: string): CleanName {
  const original = bound(withoutControls(raw.normalize('NFC')), 1000).trim();
  const lastSegment = original.split(/[/\\]/).pop() ?? '';
  const name = bound(
    lastSegment
      .replace(RESERVED, '_')
      .replace(/\.{2,}/g, '.')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, ''),
    FILE_EXCHANGE_LIMITS.nameMaxLength,
  );
  if (!name) throw httpErrors.badRequest(FILE_EXCHANGE_MESSAGES.badName);
  return { name, original: original || name, extension: extensionOf(name) };
}

/** 'report.csv', n → 'report (n).csv': the keep-both name. */
export function numberedName(name: string, n: number): string {
  const extension = extensionOf(name);
  const stem = extension ? name.slice(0, name.length - extension.length - 1) : name;
  return bound(`${stem} (${n})${extension ? `.${extension}` : ''}`, FILE_EXCHANGE_LIMITS.nameMaxLength);
}
