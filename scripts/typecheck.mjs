// The type check of every package, as `npm run typecheck` and `npm test` run it.
//
// The shell, the remotes and @hub/shared share one tsconfig.json, word for word, and each of them
// reads @hub/shared as source: checked one package at a time, @hub/shared's files were checked seven
// times over, several times the processor time of one program
// (docs/journal/2026-11-27-test-command-less-work.md). So the
// packages that tsconfig.browser.json lists are checked in that one program; each file still
// resolves its npm packages from its own package's folder, as webpack and jest do. A package it
// lists must keep the same tsconfig.json as @hub/shared (else this check says so and fails: make it
// the same, or take the package out of the list). Every other package with a `typecheck` script
// (the server, the journeys: options of their own) is checked alone.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { root, run } from './pnpm.mjs';

const tsc = (project) => run(join(root, 'node_modules/.bin/tsc'), ['-p', project]);

const combined = ts.readConfigFile(join(root, 'tsconfig.browser.json'), ts.sys.readFile).config;
const together = combined.include.map((folder) => folder.split('/')[0]);
const reference = readFileSync(join(root, 'shared/tsconfig.json'), 'utf8');
const differing = together.filter((pkg) => readFileSync(join(root, pkg, 'tsconfig.json'), 'utf8') !== reference);
if (differing.length) {
  console.error(
    `${differing.join(', ')}: a tsconfig.json other than shared/tsconfig.json, so not checkable in tsconfig.browser.json's one program. Make it the same, or take the package out of tsconfig.browser.json's "include".`,
  );
  process.exit(1);
}
const alone = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !together.includes(entry.name) && existsSync(join(root, entry.name, 'package.json')))
  .map((entry) => entry.name)
  .filter((pkg) => JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8')).scripts?.typecheck)
  .sort();

let failed = 0;
console.log(`Type check: ${together.join(', ')} in one program (tsconfig.browser.json)`);
if ((await tsc('tsconfig.browser.json')) !== 0) failed += 1;
for (const pkg of alone) {
  console.log(`Type check: ${pkg}`);
  if ((await tsc(join(pkg, 'tsconfig.json'))) !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
