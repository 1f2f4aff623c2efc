import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Development secrets (session secret, the embedded provider's signing and cookie keys) live in
 * `${DATA_DIR}/secrets/` so tokens handed out before a restart stay valid after it.
 * Production passes its secrets through the environment instead.
 *
 * Several processes may start at once on one DATA_DIR (README, "Deploying several processes"): the
 * first one's secret wins, and no process ever reads a file another is still writing. A new secret
 * is written whole to a file of its own, then put in place with link(), which refuses to replace
 * an existing file; written in place, a second process read it half-written ("Unexpected end of
 * JSON input") and stopped.
 */
export async function readOrCreateSecret(dataDir: string, name: string, create: () => string | Promise<string>): Promise<string> {
  const folder = join(dataDir, 'secrets');
  const file = join(folder, name);
  let damaged = false;
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
    // Empty: left by an older version's write that was cut short. Replaced below.
    damaged = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const value = await create();
  const written = join(folder, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  await writeFile(written, `${value}\n`, { mode: 0o600, flag: 'wx' });
  try {
    // rename() replaces the damaged file; link() refuses to replace a whole one.
    await (damaged ? rename(written, file) : link(written, file));
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  } finally {
    await unlink(written).catch(() => undefined);
  }
}
