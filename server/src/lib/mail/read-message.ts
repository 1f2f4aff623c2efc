/**
 * Reads what the administrators' mail page shows of a message the embedded SMTP server of
 * development received (lib/mail/embedded-smtp.ts): its subject, its plain-text part and
 * the addresses of its List-Unsubscribe header. A small MIME reader for what nodemailer writes
 * (multipart parts, quoted-printable or base64, RFC 2047 encoded words, any charset the runtime
 * knows), so that production carries no mail parser; it never throws: what it cannot read it leaves
 * out (a message cut at the size kept, say).
 */
export interface ReadMessage {
  /** The Subject, its encoded words decoded ('' when absent). */
  subject: string;
  /** The first text/plain part that is not an attachment, line ends as \n; null when there is none. */
  text: string | null;
  /** The addresses of List-Unsubscribe, in order (https: and mailto: alike). */
  unsubscribe: string[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** A message's (or a part's) headers, unfolded, by lower-case name: the first of a repeated one. */
export const messageHeaders = (raw: string): Map<string, string> => splitPart(raw).headers;

/** Splits a message (or a part) into its head, unfolded, and its body. */
function splitPart(raw: string): Part {
  const end = /\r?\n\r?\n/.exec(raw);
  const head = end ? raw.slice(0, end.index) : raw;
  const body = end ? raw.slice(end.index + end[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // The first of a repeated header, as mail clients read it.
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header value's main token (lower case) and its parameters ('text/plain; charset="utf-8"'). */
function parseValue(value: string | undefined): { token: string; params: Map<string, string> } {
  const [token = '', ...rest] = (value ?? '').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals <= 0) continue;
    params.set(
      param.slice(0, equals).trim().toLowerCase(),
      param
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/s, '$1'),
    );
  }
  return { token: token.trim().toLowerCase(), params };
}

function decodeBytes(bytes: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    // A charset the runtime does not know: read as UTF-8 rather than show nothing.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Bytes of a text whose =XX are bytes and the rest UTF-8 (quoted-printable, Q encoded words). */
function hexEscaped(text: string): Buffer {
  return Buffer.concat(
    text
      .split(/((?:=[0-9A-Fa-f]{2})+)/)
      .map((piece, i) => (i % 2 === 1 ? Buffer.from(piece.replace(/=/g, ''), 'hex') : Buffer.from(piece, 'utf8'))),
  );
}

/** Quoted-printable (RFC 2045 §6.7) to bytes: blanks at line ends dropped, soft line breaks joined. */
const quotedPrintable = (text: string) => hexEscaped(text.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/=\r?\n/g, ''));

function transferDecode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'quoted-printable':
      return quotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    default:
      return Buffer.from(body, 'utf8');
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** Decodes the RFC 2047 encoded words of a header value; the blanks between two of them go. */
export function decodeWords(value: string): string {
  const runs = /=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=(?:\s*=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)*/g;
  return value.replace(runs, (run) => {
    // The bytes of adjacent words of one charset are decoded together: a character may span two words.
    const groups: Array<{ charset: string; bytes: Buffer[] }> = [];
    for (const [, charsetTag = '', kind = '', text = ''] of run.matchAll(ENCODED_WORD)) {
      const charset = charsetTag.split('*')[0]!.toLowerCase();
      const bytes = kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : hexEscaped(text.replace(/_/g, ' '));
      const last = groups[groups.length - 1];
      if (last && last.charset === charset) last.bytes.push(bytes);
      else groups.push({ charset, bytes: [bytes] });
    }
    return groups.map((group) => decodeBytes(Buffer.concat(group.bytes), group.charset)).join('');
  });
}

/** The first text/plain part of `part`, through its multipart levels (a few at most). */
function textOf(part: Part, depth: number): string | null {
  const type = parseValue(part.headers.get('content-type') ?? 'text/plain');
  if (parseValue(part.headers.get('content-disposition')).token === 'attachment') return null;
  if (type.token.startsWith('multipart/')) {
    const boundary = type.params.get('boundary');
    if (!boundary || depth >= 5) return null;
    const delimiter = `--${boundary}`;
    const lines = part.body.split(/\r?\n/);
    let current: string[] | null = null;
    const parts: string[] = [];
    for (const line of lines) {
      const trimmed = line.trimEnd();
      if (trimmed === delimiter || trimmed === `${delimiter}--`) {
        if (current) parts.push(current.join('\n'));
        current = trimmed === delimiter ? [] : null;
        if (trimmed !== delimiter) break;
      } else current?.push(line);
    }
    // A message cut at the size kept ends without its closing delimiter.
    if (current) parts.push(current.join('\n'));
    for (const inner of parts) {
      const text = textOf(splitPart(inner), depth + 1);
      if (text !== null) return text;
    }
    return null;
  }
  if (type.token !== 'text/plain') return null;
  const bytes = transferDecode(part.body, part.headers.get('content-transfer-encoding'));
  return decodeBytes(bytes, type.params.get('charset')).replace(/\r\n?/g, '\n');
}

export function readMessage(raw: string): ReadMessage {
  const message = splitPart(raw);
  const unsubscribe = [...(message.headers.get('list-unsubscribe') ?? '').matchAll(/<([^>]*)>/g)]
    .map((match) => match[1]!.replace(/\s+/g, ''))
    .filter(Boolean);
  let text: string | null;
  try {
    text = textOf(message, 0);
  } catch {
    // Whatever a malformed message does, the page still shows its headers.
    text = null;
  }
  return { subject: decodeWords(message.headers.get('subject') ?? ''), text, unsubscribe };
}
