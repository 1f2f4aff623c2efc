// The import walls of ARCHITECTURE.md, checked on every package's sources (`pnpm lint`):
// a remote imports @hub/shared and npm packages only; the shell never imports a remote;
// the server imports @hub/shared/api only; shared imports nothing of this repository;
// a feature never imports another feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

const dir = resolve(process.argv[2] ?? '.');
const pkg = basename(dir);
const sourceRoots = ['src', 'test'].map((name) => join(dir, name)).filter((path) => exists(path));

function exists(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(m|c)?[jt]sx?$/.test(entry.name)) yield path;
  }
}

const importPattern =
  /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function rule(specifier, file) {
  const isTest = /\.test\.[jt]sx?$/.test(file) || file.includes(`${sep}test${sep}`);
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(dir + sep)) return `reaches outside ${pkg}/ (${specifier})`;
    const feature = (path) => relative(join(dir, 'src', 'features'), path).split(sep)[0];
    const from = feature(file);
    const to = feature(target);
    if (!from.startsWith('..') && !to.startsWith('..') && from !== to && !isTest) return `feature ${from} imports feature ${to}`;
    return null;
  }
  if (!specifier.startsWith('@hub/')) return null;
  if (pkg === 'shared') return `@hub/shared imports nothing of this repository (${specifier})`;
  if (pkg === 'server' && isTest && specifier.startsWith('@hub/shared/test-support')) return null;
  if (pkg === 'server') return specifier === '@hub/shared/api' ? null : `the server imports @hub/shared/api only (${specifier})`;
  if (pkg === 'e2e') return null;
  if (specifier.startsWith('@hub/shared/')) return null;
  return `${pkg} may import @hub/shared only (${specifier})`;
}

const problems = [];
for (const sourceRoot of sourceRoots) {
  for (const file of files(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const problem = rule(specifier, file);
      if (problem) problems.push(`${relative(process.cwd(), file)}: ${problem}`);
    }
  }
}
if (problems.length) {
  console.error(`Import walls broken in ${pkg}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`${pkg}: import walls hold`);
