// The pinned pnpm, fetched through npx: corepack cannot download it on our machines.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

/** Runs a command, inheriting the terminal; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function pnpm(args, options) {
  return run('npx', ['--yes', `pnpm@${pnpmVersion}`, ...args], options);
}

export async function must(promise, what) {
  const code = await promise;
  if (code !== 0) {
    console.error(`\n✖ ${what} failed (exit ${code})`);
    process.exit(code);
  }
}
