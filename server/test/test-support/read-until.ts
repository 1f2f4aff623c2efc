/**
 * Reads `read()` again, every `everyMs`, until `done` holds of what it gave or `withinMs` has
 * passed; answers the last value read, for the caller to assert on. For what another process
 * learns through the database (a NOTIFY), which arrives within milliseconds but not at once.
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number, everyMs = 20): Promise<T> {
  const since = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - since < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
