import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Development secrets (session secret, the embedded provider's signing and cookie keys) live in
 * `${DATA_DIR}/secrets/` so tokens handed out before a restart stay valid after it.
 * Production passes its secrets through the environment instead.
 */
export async function readOrCreateSecret(dataDir: string, name: string, create: () => string | Promise<string>): Promise<string> {
  const folder = join(dataDir, 'secrets');
  const file = join(folder, name);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const value = await create();
  // 'wx' refuses to overwrite: when two processes start at once, the first one's secret wins.
  try {
    await writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
