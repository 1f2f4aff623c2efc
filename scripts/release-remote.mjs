#!/usr/bin/env node
// Releases one remote on its own: builds remote-<NAME> into a versioned folder beside its ordinary
// build, remote-<NAME>/dist/releases/<version>/, which the server serves at
// /remotes/<NAME>/releases/<version>/. The shell is not rebuilt; older releases stay.
//
// With --to, the release goes to a running portal (docs/releasing.md): its files are uploaded into
// the portal's own store (unless --base names where the team hosts them), the release is
// registered, and its candidate is started for --share % of people and the --entity companies.
// Without --to, it prints the manifest URL to give REMOTE_<NAME>_URL, as before the registry.
//
//   node scripts/release-remote.mjs content                       # version <package version>-<UTC time>
//   node scripts/release-remote.mjs content --version 0.2.0 --base https://cdn.example.com
//   node scripts/release-remote.mjs content --to https://portal.example.com --token hubrt_… --share 10
//
// The build runs the remote's contract check (shared/build/remote-contract.cjs): it fails, and
// nothing is released, when the remote does not fit the shell.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseReleaseArgs, publishRelease, UsageError, USAGE } from './release-remote-upload.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let values;
try {
  values = parseReleaseArgs(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const { name } = values;
const dir = join(root, `remote-${name}`);
const time = new Date().toISOString();
const packageVersion = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
const version = values.version ?? `${packageVersion}-${time.replace(/[-:]/g, '').replace(/\..*$/, '')}`;
const output = join(dir, 'dist', 'releases', version);
if (existsSync(output)) {
  console.error(`${output} exists already: a release is never overwritten, choose another --version.`);
  process.exit(1);
}

const webpack = join(dir, 'node_modules', '.bin', 'webpack');
const build = spawnSync(webpack, ['--mode', 'production'], {
  cwd: dir,
  // The build's own output on stderr: stdout carries only the manifest URL, for scripts.
  stdio: ['ignore', process.stderr, 'inherit'],
  env: { ...process.env, HUB_REMOTE_OUTPUT: output, HUB_BUILD_TIME: time },
});
if (build.status !== 0) {
  rmSync(output, { recursive: true, force: true });
  console.error(`The release of remote-${name} failed: nothing was released.`);
  process.exit(build.status ?? 1);
}
const facts = JSON.parse(readFileSync(join(output, 'mf-manifest.json'), 'utf8')).metaData.hub;
console.error(`Built remote-${name} ${version} (build ${facts.build.stamp}, contract ${facts.contractVersion}) into ${output}`);
if (values.to) {
  try {
    const status = await publishRelease({ ...values, version, folder: output, log: (line) => console.error(line) });
    console.log(JSON.stringify({ stable: status.stable, candidate: status.candidate }));
  } catch (error) {
    console.error(`The release of remote-${name} ${version} to ${values.to} failed: ${error.message}`);
    process.exit(1);
  }
} else {
  const base = values.base ?? process.env.PUBLIC_URL ?? 'http://localhost:8080';
  const url = `${base.replace(/\/$/, '')}/remotes/${name}/releases/${version}/mf-manifest.json`;
  console.error(`Use it: REMOTE_${name.toUpperCase()}_URL=${url}`);
  console.log(url);
}
