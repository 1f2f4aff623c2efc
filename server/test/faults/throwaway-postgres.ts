import { spawn, spawnSync } from 'node:child_process';
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
  stop(): Promise<void>;
  start(): Promise<void>;
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
  const commandLine = (command: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
  const failure = (command: string, args: string[], stderr: string) => {
    const log = existsSync(join(folder, 'log')) ? readFileSync(join(folder, 'log'), 'utf8') : '';
    return new Error(`${command} ${args.join(' ')} failed: ${stderr}${log}`);
  };
  const run = (command: string, args: string[]) => {
    const result = spawnSync(...commandLine(command, args), { stdio: 'pipe' });
    if (result.status !== 0) throw failure(command, args, result.stderr?.toString() ?? '');
  };
  // pg_ctl without blocking this process's event loop: the server under test keeps answering meanwhile.
  const runAsync = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, fileArgs] = commandLine(command, args);
      const child = spawn(file, fileArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(failure(command, args, stderr))));
    });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const startArgs = ['-D', data, '-w', '-l', join(folder, 'log'), '-o', `-p ${port} -h 127.0.0.1 -k ${folder}`, 'start'];
  run('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => runAsync('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    start: () => runAsync('pg_ctl', startArgs),
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
