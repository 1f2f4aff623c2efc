// No schema here (no typebox): the shell's entry counts and sends the browser figures with these,
// and a module of top-level `Type.*` calls would bring typebox into it (remotes.ts holds the schemas).

/** What a browser counts for each remote and release (POST /api/client-events). */
export const CLIENT_EVENT_KINDS = ['mount', 'load-failure', 'boundary', 'unhandled'] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];
/** Every kind but 'mount' is an error. */
export const CLIENT_ERROR_KINDS = ['load-failure', 'boundary', 'unhandled'] as const;

/** The bounds of a batch: a larger body is 413, and nothing of it is stored. */
export const CLIENT_EVENTS_LIMITS = {
  bodyBytes: 16 * 1024,
  events: 50,
  /** The largest `count` of one event: more of the same goes in another event. */
  count: 1000,
  /** At most one batch every this many milliseconds from a page (the last one, on hiding, excepted). */
  batchIntervalMs: 10_000,
} as const;
