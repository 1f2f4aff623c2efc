// The README's first command: install, build the shell and the five remotes, start the portal
// at http://localhost:8080 on its embedded defaults (PGlite, embedded OpenID provider, demo data).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { must, pnpm, root } from './pnpm.mjs';

const skipBuild = process.argv.includes('--no-build');

await must(pnpm(['install', '--frozen-lockfile']), 'Installing the packages');
if (!skipBuild)
  await must(
    pnpm(['-r', '--workspace-concurrency=2', '--filter', './shell', '--filter', './remote-*', 'build']),
    'Building the shell and the remotes',
  );

const port = process.env.PORT ?? '8080';
console.log(`\nStarting the portal on http://localhost:${port} …`);
const server = spawn(join(root, 'server/node_modules/.bin/tsx'), ['src/main.ts'], {
  cwd: join(root, 'server'),
  stdio: 'inherit',
  env: { NODE_ENV: 'development', PORT: port, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
