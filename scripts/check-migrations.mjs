// Expand, then contract: refuses a migration added since the previous commit (HEAD~1, or the base
// given with --base <ref>, a merge base say) that drops or renames a table, a view or a column which
// the previous commit's server code still uses. While processes of the previous release still run
// (a rolling upgrade, docs/operations.md#upgrades) they read and write those names: a release first
// stops using a name, and a later release's migration removes it.
//
//   node scripts/check-migrations.mjs [--base <ref>]
//
// A name used only in the previous code's comments or in unrelated places still counts: a migration
// that knows better says so on a line of its own, `-- check-migrations: allow <name> <why>`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS = 'server/src/db/migrations';
const CODE = 'server/src';

const git = (base, args) => execFileSync('git', args, { cwd: base, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The SQL without its comments, and the names its `-- check-migrations: allow <name>` lines allow. */
function readSql(text) {
  const allowed = new Set([...text.matchAll(/^\s*--\s*check-migrations:\s*allow\s+("?[\w.]+"?)/gim)].map((m) => unquote(m[1])));
  const sql = text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  return { sql, allowed };
}

const unquote = (name) => name.replaceAll('"', '').toLowerCase();
/** `schema.table` → `table`. */
const bare = (name) => unquote(name).split('.').pop();
const NAME = '("?[\\w]+"?(?:\\."?[\\w]+"?)?)';
/** What follows DROP inside ALTER TABLE that is not a column. */
const NOT_COLUMNS = new Set(['constraint', 'default', 'not', 'identity', 'expression']);

/**
 * What a migration's SQL takes away: `{ kind: 'table' | 'column', table, column?, how: 'drops' | 'renames' }`.
 * Tables and views dropped or renamed; columns dropped or renamed (ALTER TABLE … DROP [COLUMN] /
 * RENAME [COLUMN] … TO …).
 */
export function removals(text) {
  const { sql, allowed } = readSql(text);
  const found = [];
  for (const statement of sql.split(';')) {
    const s = statement.replace(/\s+/g, ' ').trim();
    const drop = new RegExp(`^DROP (?:MATERIALIZED )?(TABLE|VIEW) (?:IF EXISTS )?(.+?)(?: CASCADE| RESTRICT)?$`, 'i').exec(s);
    if (drop) {
      for (const name of drop[2].split(',')) found.push({ kind: 'table', table: bare(name.trim()), how: 'drops' });
      continue;
    }
    const alter = new RegExp(`^ALTER (?:MATERIALIZED )?(?:TABLE|VIEW) (?:IF EXISTS )?(?:ONLY )?${NAME} (.*)$`, 'i').exec(s);
    if (!alter) continue;
    const table = bare(alter[1]);
    const actions = alter[2];
    if (new RegExp(`^RENAME TO ${NAME}$`, 'i').test(actions)) {
      found.push({ kind: 'table', table, how: 'renames' });
      continue;
    }
    const renamed = new RegExp(`^RENAME (?:COLUMN )?${NAME} TO ${NAME}$`, 'i').exec(actions);
    if (renamed) {
      found.push({ kind: 'column', table, column: unquote(renamed[1]), how: 'renames' });
      continue;
    }
    for (const action of actions.split(',')) {
      const dropped = new RegExp(`^\\s*DROP (?:COLUMN )?(?:IF EXISTS )?${NAME}`, 'i').exec(action);
      if (dropped && !NOT_COLUMNS.has(unquote(dropped[1])))
        found.push({ kind: 'column', table, column: unquote(dropped[1]), how: 'drops' });
    }
  }
  return found.filter((removal) => !allowed.has(removal.column ?? removal.table) && !allowed.has(removal.table));
}

/** The migrations added since `ref` (committed since, staged, or new in the working tree). */
export function addedMigrations(base, ref) {
  const committed = git(base, ['diff', '--name-only', '--diff-filter=A', ref, '--', MIGRATIONS]).split('\n');
  const untracked = git(base, ['ls-files', '--others', '--exclude-standard', '--', MIGRATIONS]).split('\n');
  return [...new Set([...committed, ...untracked])].filter((path) => path.endsWith('.sql')).sort();
}

/** The files of `ref`'s server code (migrations aside) whose text holds every one of `words` as a word. */
function usedIn(base, ref, words) {
  const args = ['grep', '-l', '-i', '-w', '-I'];
  for (const word of words) args.push('--all-match', '-e', word);
  args.push(ref, '--', CODE, `:(exclude)${MIGRATIONS}`);
  try {
    return git(base, args)
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(line.indexOf(':') + 1));
  } catch (error) {
    if (error.status === 1) return []; // git grep: nothing found
    throw error;
  }
}

/** The problems, one line each: a migration added since `ref` takes away what `ref`'s code uses. */
export function checkMigrations(base, ref = 'HEAD~1') {
  const problems = [];
  for (const path of addedMigrations(base, ref)) {
    for (const removal of removals(readFileSync(join(base, path), 'utf8'))) {
      // A column counts as used where a file names both it and its table.
      const words = removal.kind === 'table' ? [removal.table] : [removal.column, removal.table];
      const users = usedIn(base, ref, words);
      if (users.length === 0) continue;
      const what = removal.kind === 'table' ? `table ${removal.table}` : `column ${removal.table}.${removal.column}`;
      problems.push(
        `${path}: ${removal.how} ${what}, which the previous release's code still uses (${users.slice(0, 3).join(', ')}${users.length > 3 ? ', …' : ''}). ` +
          'Expand first: stop using it in one release, remove it in a later one (docs/operations.md#upgrades).',
      );
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--base');
  const ref = at > 0 ? process.argv[at + 1] : 'HEAD~1';
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  let problems;
  try {
    git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    problems = checkMigrations(root, ref);
  } catch (error) {
    if (at > 0) throw error;
    // No previous commit to compare with (a fresh clone of depth 1, a first commit): nothing to check.
    console.log(`Migrations: no ${ref} to compare with, nothing checked.`);
    process.exit(0);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} migration(s) take away what the running release uses`);
    process.exit(1);
  }
  console.log(`Migrations: ${addedMigrations(root, ref).length} added since ${ref}, none takes away what its code uses.`);
}
