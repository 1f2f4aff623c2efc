// Refuses an import cycle anywhere in the repository (every package, the scripts and the e2e suite).
// `npm test` runs it with the lint step; alone: `node scripts/check-cycles.mjs` (about a second).
//
// Why not ESLint's import-x/no-cycle alone: it skips every `import type` by design, so a cycle
// closed by a type import (a library importing a plugin's interface while the plugin imports the
// library) never shows, and it re-resolves the graph per file, which is slow. Here every import
// counts (type imports, re-exports, dynamic import() and require()): a type that two modules
// share belongs in a third module both import.
//
// Resolution: relative specifiers (with or without extension, `.js` standing for `.ts`, folder
// index files) and `@hub/shared/...` through the exports of shared/package.json. npm packages are
// outside the graph. Exits 1 and prints each cycle as a chain of files.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results', 'playwright-report', '.bench', '.git']);
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** The folders to read: the command-line arguments, or the whole repository. */
const folders = process.argv.slice(2).length ? process.argv.slice(2).map((folder) => resolve(folder)) : [root];

function* walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const isFile = (path) => existsSync(path) && statSync(path).isFile();

function resolveFile(base) {
  if (isFile(base)) return base;
  for (const extension of EXTENSIONS) if (isFile(base + extension)) return base + extension;
  // `./x.js` written for `./x.ts` (Node's ESM style).
  const withoutJs = base.replace(/\.(m|c)?js$/, '');
  if (withoutJs !== base)
    for (const extension of ['.ts', '.tsx', '.mts', '.cts']) if (isFile(withoutJs + extension)) return withoutJs + extension;
  for (const extension of EXTENSIONS) if (isFile(join(base, `index${extension}`))) return join(base, `index${extension}`);
  return null;
}

/** `@hub/shared/<sub path>` through the package's exports (with their `*` patterns). */
const sharedDir = join(root, 'shared');
const sharedExports = JSON.parse(readFileSync(join(sharedDir, 'package.json'), 'utf8')).exports ?? {};
function resolveShared(specifier) {
  const sub = `.${specifier.slice('@hub/shared'.length)}`;
  for (const [key, target] of Object.entries(sharedExports)) {
    if (typeof target !== 'string') continue;
    if (key === sub) return resolveFile(join(sharedDir, target));
    const star = key.indexOf('*');
    if (star >= 0 && sub.startsWith(key.slice(0, star)) && sub.endsWith(key.slice(star + 1))) {
      const matched = sub.slice(star, sub.length - (key.length - star - 1));
      return resolveFile(join(sharedDir, target.replace('*', matched)));
    }
  }
  return null;
}

function resolveImport(from, specifier) {
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  if (specifier === '@hub/shared' || specifier.startsWith('@hub/shared/')) return resolveShared(specifier);
  return null;
}

const graph = new Map(); // file → Set of files it imports
const pending = folders.flatMap((folder) => [...walk(folder)]);
while (pending.length) {
  const file = pending.pop();
  if (graph.has(file)) continue;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const target = resolveImport(file, fileName);
    if (target && !target.includes(`${'/'}node_modules${'/'}`)) {
      targets.add(target);
      if (!graph.has(target)) pending.push(target);
    }
  }
  graph.set(file, targets);
}

/** Tarjan's strongly connected components, without recursion. */
function components() {
  let index = 0;
  const indices = new Map();
  const lowLinks = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  for (const start of graph.keys()) {
    if (indices.has(start)) continue;
    const work = [[start, [...graph.get(start)], 0]];
    indices.set(start, index);
    lowLinks.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1);
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const next = targets[frame[2]++];
        if (!indices.has(next)) {
          indices.set(next, index);
          lowLinks.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...(graph.get(next) ?? [])], 0]);
        } else if (onStack.has(next)) lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)[0];
        lowLinks.set(parent, Math.min(lowLinks.get(parent), lowLinks.get(node)));
      }
      if (lowLinks.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node)?.has(node)) found.push(component);
      }
    }
  }
  return found;
}

/** One shortest cycle through the component's first file, for the message. */
function oneCycle(component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const chain = [start];
        for (let at = node; at !== start; at = previous.get(at)) chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

const cycles = components();
if (cycles.length === 0) {
  console.log(`No import cycle in ${graph.size} files.`);
  process.exit(0);
}
console.error(
  `${cycles.length} import cycle${cycles.length > 1 ? 's' : ''} (type imports count: move what both sides share to a module both import):`,
);
for (const component of cycles) {
  console.error(
    `\n  ${oneCycle(component)
      .map((file) => relative(root, file))
      .join('\n    → ')}`,
  );
  if (component.length > 2) console.error(`  (${component.length} files in this tangle)`);
}
process.exit(1);
