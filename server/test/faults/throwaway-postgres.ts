import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of initdb and pg_ctl (Debian's newest, else /usr/local/bin), or null when PostgreSQL is not installed. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((version) => existsSync(join(base, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(base, versions[0], 'bin');
  }
  return existsSync('/usr/local/bin/initdb') && existsSync('/usr/local/bin/pg_ctl') ? '/usr/local/bin' : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ThrowawayPostgres {
  url: string;
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), new connections refused. */
  stop(): void;
  start(): void;
  /** Stops for good and removes the folder. */
  destroy(): void;
}

/**
 * A PostgreSQL cluster of its own on 127.0.0.1 in a temporary folder, which a fault test may stop
 * and start (the shared DATABASE_URL of the suite must never be stopped). As root, it runs as the
 * postgres user, like scripts/test-all.mjs.
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'hub-pg-fault-'));
  const data = join(folder, 'data');
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString());
    const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString());
    chownSync(folder, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const result = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : spawnSync(join(bin, command), args, { stdio: 'pipe' });
    if (result.status !== 0) {
      const log = existsSync(join(folder, 'log')) ? readFileSync(join(folder, 'log'), 'utf8') : '';
      throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr?.toString()}${log}`);
    }
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () => run('pg_ctl', ['-D', data, '-w', '-l', join(folder, 'log'), '-o', `-p ${port} -h 127.0.0.1 -k ${folder}`, 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    start,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
