// `npm run backup -- <folder>`: see docs/operations.md. Runs the server's own code
// (server/src/lib/backup), which reads DATABASE_URL, DATA_DIR and the S3_ settings as the server does.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';

const tsx = join(root, 'server', 'node_modules', '.bin', 'tsx');
const cli = join(root, 'server', 'scripts', 'backup-cli.ts');
const result = spawnSync(tsx, [cli, 'backup', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
