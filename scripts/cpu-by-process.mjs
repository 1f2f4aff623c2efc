// Where a command's processor time goes (a measuring tool, not a test): runs the command, reads
// /proc every second and a half while it runs, and prints the CPU time (user + system) of every
// process that started meanwhile, summed by kind (the server tests, Chromium's renderers and GPU
// process, jest, ESLint, the portals…).
//
//   node scripts/cpu-by-process.mjs -- bash .ci/run
//
// Unlike `/usr/bin/time`, it also counts what the command does not wait for (the PostgreSQL server
// that pg_ctl starts, Chromium's helpers). A process that lives less than one interval can be
// missed, so the sum is a floor. Linux only. It is how the trace screencast was found to cost a
// third of the journeys' CPU (docs/journal/2026-11-27-test-command-cpu-by-process.md).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const separator = process.argv.indexOf('--');
const command = separator < 0 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('Usage: node scripts/cpu-by-process.mjs -- <command> [arguments…]');
  process.exit(2);
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on
const INTERVAL_MS = 1500;

/** Kinds, first match wins: a process's command line → the row it is counted in. */
const KINDS = [
  [/chromium|\/proc\/self\/exe/, (cmd) => `Chromium ${/--type=(\S+)/.exec(cmd)?.[1] ?? 'browser'}`],
  [/run-files\.ts/, () => 'server tests (node --test)'],
  [/make-template\.ts/, () => 'server tests: the template database'],
  [/src\/main\.ts/, () => 'portals (server/src/main.ts)'],
  [/postgres/, () => 'PostgreSQL server'],
  [/nginx/, () => 'nginx'],
  [/playwright/, () => 'Playwright'],
  [/\/jest\b/, () => 'jest'],
  [/eslint/, () => 'ESLint'],
  [/\/tsc\b|typescript\/bin/, () => 'tsc'],
  [/prettier/, () => 'Prettier'],
  [/webpack|esbuild|swc/, () => 'webpack (build)'],
  [/pnpm|npm /, () => 'pnpm, npm'],
];
const kindOf = (cmd) => {
  for (const [pattern, name] of KINDS) if (pattern.test(cmd)) return name(cmd);
  return `other: ${cmd.slice(0, 60)}`;
};

/** pid + start time → { cmd, seconds } for every process seen since the command started. */
const seen = new Map();
const before = new Set();

function sample(record) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = `${pid}:${fields[19]}`;
      if (!record) {
        before.add(key);
        continue;
      }
      if (before.has(key)) continue;
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      const entry = seen.get(key);
      if (entry) entry.seconds = seconds;
      else {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        if (cmd) seen.set(key, { cmd, seconds });
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
}

sample(false);
const startedAt = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const timer = setInterval(() => sample(true), INTERVAL_MS);
const code = await new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
clearInterval(timer);
sample(true);

const byKind = new Map();
for (const { cmd, seconds } of seen.values()) {
  const kind = kindOf(cmd);
  const row = byKind.get(kind) ?? { seconds: 0, processes: 0 };
  row.seconds += seconds;
  row.processes += 1;
  byKind.set(kind, row);
}
const total = [...byKind.values()].reduce((sum, row) => sum + row.seconds, 0);
const wall = (Date.now() - startedAt) / 1000;
const minutes = (s) => (s / 60).toFixed(2).padStart(7);
console.log(`\n━━━ CPU by process kind: ${minutes(total).trim()} CPU-minutes in ${minutes(wall).trim()} minutes ━━━`);
for (const [kind, row] of [...byKind].sort((a, b) => b[1].seconds - a[1].seconds)) {
  if (row.seconds < 1) continue;
  const share = ((100 * row.seconds) / total).toFixed(0).padStart(3);
  console.log(`${minutes(row.seconds)} min ${share} %  ${String(row.processes).padStart(5)} processes  ${kind}`);
}
process.exit(code);
