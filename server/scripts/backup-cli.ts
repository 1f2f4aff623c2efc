import { connect } from 'node:net';
import { resolve } from 'node:path';
import { loadConfig } from '../src/plugins/external/config';
import { backup } from '../src/lib/backup/backup';
import { restore } from '../src/lib/backup/restore';

/** True when something accepts connections on the portal's port: the server seems to run. */
function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder> [--force]` (scripts/backup.mjs,
 * scripts/restore.mjs): the settings are read as the server reads them (DATABASE_URL, DATA_DIR,
 * S3_*). With the embedded database, the server must be stopped: its folder has one process.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const folders = rest.filter((arg) => !arg.startsWith('--'));
  if ((command !== 'backup' && command !== 'restore') || folders.length !== 1) {
    process.stderr.write('Usage: npm run backup -- <folder>\n       npm run restore -- <folder> [--force]\n');
    return 2;
  }
  const config = await loadConfig(process.env);
  if (!config.databaseUrl && config.port !== 0 && (await portAnswers(config.host, config.port))) {
    process.stderr.write(
      `The portal seems to run (port ${config.port} answers): stop it first, the embedded database in ${config.dataDir}/pglite has one process.\n`,
    );
    return 1;
  }
  const folder = resolve(folders[0]!);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  if (command === 'backup') {
    await backup(config, folder, log);
    log(`backup written to ${folder}`);
  } else {
    await restore(config, folder, { force, log });
    log(`restored from ${folder}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
