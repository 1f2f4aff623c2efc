/** The place an error was thrown: the first stack frame that names a file. */
export interface StackFrame {
  /** The file's full address (origin and path), without its query or fragment. */
  url: string;
  line: number;
}

// V8 (`    at fn (https://host/a.js?v=1:12:34)`, `    at https://host/a.js:12:34`) and
// SpiderMonkey/JavaScriptCore (`fn@https://host/a.js:12:34`): the address, its line, its column.
const FRAME = /(?:\(|@|\bat )((?:https?|file):\/\/[^\s()]+?):(\d+)(?::\d+)?\)?\s*$/;

/** The address without its query and fragment: what a person typed may ride in either. */
export function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

/**
 * The first frame of an error's stack that lies in a file (frames of native code, `eval` or
 * `<anonymous>` are passed over), or null when the stack names none. Only the address and the line
 * are kept: never the message, which the stack's first line repeats.
 */
export function firstFrame(error: unknown): StackFrame | null {
  const { stack, message } = (typeof error === 'object' && error !== null ? error : {}) as { stack?: unknown; message?: unknown };
  if (typeof stack !== 'string') return null;
  // V8 begins the stack with "Name: message", over several lines when the message has some: passed
  // over whole, so that an address in a message is never taken for a frame.
  const header = typeof message === 'string' && message ? stack.indexOf(message) : -1;
  const frames = header >= 0 && !stack.slice(0, header).includes('\n') ? stack.slice(header + (message as string).length) : stack;
  for (const text of frames.split('\n')) {
    const match = FRAME.exec(text.trim());
    if (match) return { url: withoutQuery(match[1]!), line: Number(match[2]) };
  }
  return null;
}

/** The error's name when it is a plain identifier (`TypeError`, `ChunkLoadError`), else undefined. */
export function errorName(error: unknown): string | undefined {
  const name = error instanceof Error || (typeof error === 'object' && error !== null) ? (error as { name?: unknown }).name : undefined;
  return typeof name === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && name.length <= 100 ? name : undefined;
}
