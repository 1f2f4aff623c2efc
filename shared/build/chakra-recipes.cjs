// Which of Chakra UI's recipes the portal's code can reach: the design system (shared/src/ui/system.ts)
// carries only those, since every part (the shell, each remote) bundles its own copy of the system and
// Chakra's full set of recipes was about half of it (117 of 247 kB minified in the shell's chunk).
//
// A component whose recipe is missing is not an error for Chakra: it renders unstyled. So
// `shared/src/ui/system.test.ts` checks, with `reachableRecipeKeys()`, that the system holds every
// recipe the code can reach: the names each package imports from '@chakra-ui/react', followed to the
// files of Chakra's components that define them, and the recipe keys those files (and the component
// files they import) name.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

const REPOSITORY = resolve(__dirname, '../..');

/** Chakra's ES module build, as @hub/shared resolves it. */
function chakraEsm() {
  const entry = require.resolve('@chakra-ui/react', { paths: [join(REPOSITORY, 'shared')] });
  // The CommonJS entry sits in dist/cjs; its ES module twin, whose files are read here, in dist/esm.
  return join(entry.slice(0, entry.indexOf(`${join('dist', 'cjs')}`)), 'dist', 'esm');
}

/** Every export name of Chakra's index → the file that defines it. */
function exportFiles(esm) {
  const index = readFileSync(join(esm, 'index.js'), 'utf8');
  const files = new Map();
  for (const [, names, from] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g))
    for (const name of names.split(','))
      files.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop(),
        join(esm, from),
      );
  const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)].map(([, alias, from]) => [alias, from]));
  for (const [, alias, name] of index.matchAll(/export\s*\{\s*(\S+) as (\w+)\s*\}\s*;/g))
    if (namespaces.has(alias)) files.set(name, join(esm, namespaces.get(alias)));
  return files;
}

/** The recipe keys a component file and the component files it imports name. */
function keysOf(file, esm, seen = new Set(), keys = new Set()) {
  if (seen.has(file) || !existsSync(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, key] of text.matchAll(/\bkey:\s*"(\w+)"/g)) keys.add(key);
  for (const [, from] of text.matchAll(/from '(\.[^']+)'/g)) {
    const target = resolve(dirname(file), from);
    if (target.startsWith(join(esm, 'components'))) keysOf(target, esm, seen, keys);
  }
  return keys;
}

/** Source files of the browser packages (tests left out: they render the packages' own components). */
function sourceFiles() {
  const packages = readdirSync(REPOSITORY).filter((name) => name === 'shell' || name === 'shared' || name.startsWith('remote-'));
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'test-support') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  for (const name of packages) if (existsSync(join(REPOSITORY, name, 'src'))) walk(join(REPOSITORY, name, 'src'));
  return files;
}

/** The names imported (as values) from '@chakra-ui/react' anywhere in the browser packages. */
function importedNames() {
  const names = new Set();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const [, typeOnly, list] of text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      if (typeOnly) continue;
      for (const item of list.split(',')) {
        const name = item.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
    }
  }
  return names;
}

/** Every recipe key the portal's code can reach, with the imported names that reach each. */
function reachableRecipeKeys() {
  const esm = chakraEsm();
  const files = exportFiles(esm);
  const reached = new Map();
  for (const name of importedNames()) {
    const file = files.get(name);
    if (!file) continue;
    for (const key of keysOf(file, esm)) reached.set(key, [...(reached.get(key) ?? []), name]);
  }
  return reached;
}

module.exports = { reachableRecipeKeys };

if (require.main === module) {
  for (const [key, names] of [...reachableRecipeKeys()].sort()) console.log(`${key.padEnd(16)} ${names.join(', ')}`);
}
