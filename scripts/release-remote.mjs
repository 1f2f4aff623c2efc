#!/usr/bin/env node
// Releases one remote on its own (issue 11): builds remote-<NAME> into a versioned folder beside its
// ordinary build, remote-<NAME>/dist/releases/<version>/, which the server serves at
// /remotes/<NAME>/releases/<version>/, and prints the manifest URL to give REMOTE_<NAME>_URL. The
// shell is not rebuilt; older releases stay, so a roll-back is pointing the variable back.
//
//   node scripts/release-remote.mjs content                       # version <package version>-<UTC time>
//   node scripts/release-remote.mjs content --version 0.2.0 --base https://cdn.example.com
//
// The build runs the remote's contract check (shared/build/remote-contract.cjs): it fails, and
// nothing is released, when the remote does not fit the shell.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    version: { type: 'string' },
    // Where the server (or a CDN) serves the remotes: the manifest URL printed starts with it.
    base: { type: 'string', default: process.env.PUBLIC_URL ?? 'http://localhost:8080' },
  },
});
const name = positionals[0];
const dir = join(root, `remote-${name ?? ''}`);
if (!name || !/^[a-z]+$/.test(name) || !existsSync(join(dir, 'webpack.config.cjs'))) {
  console.error('Usage: node scripts/release-remote.mjs <content|dashboards|contact|collectmaster|admin> [--version V] [--base URL]');
  process.exit(2);
}
const time = new Date().toISOString();
const packageVersion = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
const version = values.version ?? `${packageVersion}-${time.replace(/[-:]/g, '').replace(/\..*$/, '')}`;
if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(version)) {
  console.error(`"${version}" is not a folder name a URL can carry: use letters, digits, '.', '-', '_', '+'.`);
  process.exit(2);
}
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
const url = `${values.base.replace(/\/$/, '')}/remotes/${name}/releases/${version}/mf-manifest.json`;
console.error(`Released remote-${name} ${version} (build ${facts.build.stamp}, contract ${facts.contractVersion}) into ${output}`);
console.error(`Use it: REMOTE_${name.toUpperCase()}_URL=${url}`);
console.log(url);
