// The documents' check, run by `npm test` beside the lint (alone: `node scripts/check-doc-links.mjs`).
//  1. Every relative link of README.md, CONTRIBUTING.md and docs/*.md resolves: the file or folder
//     exists, and a #anchor names a heading of the target document (GitHub's anchors).
//  2. No tracked file cites the outside specification ("SPEC" and a section sign): a reader of the
//     repository does not have it. State the rule in place, or cite docs/product.md §N.
//  3. No tracked file cites one of the project's issues ("issue" and a number), in a comment or a
//     document: a reader of the repository cannot open it. State the rule itself; an outside
//     project's issue is cited by its address.
// Prints each finding as path:line and exits 1 when there is any.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Written in two pieces so that this file does not find itself.
const OUTSIDE_CITATION = 'SPEC ' + '§';

/** The documents whose links are checked, relative to the root. */
export function documents(base = root) {
  const docs = existsSync(join(base, 'docs'))
    ? readdirSync(join(base, 'docs'), { recursive: true })
        .map((name) => name.split('\\').join('/'))
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((path) => existsSync(join(base, path)));
}

/** The text of a heading as GitHub turns it into an anchor: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link keeps its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Lines outside fenced code blocks, with their line numbers (1-based). */
function proseLines(text) {
  const lines = [];
  let fence = null;
  text.split('\n').forEach((line, index) => {
    const opening = /^\s*(```|~~~)/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1];
      else if (opening[1] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** The anchors of a Markdown document: its headings' slugs (repeated ones get -1, -2…) and explicit ids. */
export function anchors(text) {
  const found = new Set();
  const seen = new Map();
  for (const { line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) found.add(match[1]);
  }
  return found;
}

/** The link targets of a line: inline links and reference definitions; inline code is left out. */
export function linkTargets(line) {
  const prose = line.replace(/`[^`]*`/g, '');
  const targets = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]);
  const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
  if (definition) targets.push(definition[1]);
  return targets;
}

const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** The broken relative links of the documents, as "path:line: message". */
export function brokenLinks(base = root) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchors(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  for (const document of documents(base)) {
    const path = join(base, document);
    for (const { line, number } of proseLines(readFileSync(path, 'utf8'))) {
      for (const target of linkTargets(line)) {
        if (isExternal(target)) continue;
        const [file, anchor] = target.split('#', 2);
        const resolved = file === '' ? path : resolve(dirname(path), decodeURIComponent(file));
        const where = `${document}:${number}`;
        if (!existsSync(resolved)) {
          problems.push(`${where}: ${target}: no such file (${relative(base, resolved)})`);
          continue;
        }
        if (anchor === undefined || anchor === '') continue;
        if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
          problems.push(`${where}: ${target}: an anchor into something that is not a Markdown document`);
        } else if (!anchorsOf(resolved).has(decodeURIComponent(anchor))) {
          problems.push(`${where}: ${target}: no heading with the anchor #${anchor} in ${relative(base, resolved)}`);
        }
      }
    }
  }
  return problems;
}

/** The tracked text files, relative to the root, with their text. */
function trackedTexts(base) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: base, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  const texts = [];
  for (const file of files) {
    const path = join(base, file);
    if (!existsSync(path) || statSync(path).isDirectory()) continue; // deleted in the work tree, or a submodule
    const bytes = readFileSync(path);
    if (bytes.includes(0)) continue; // binary
    texts.push({ file, text: bytes.toString('utf8') });
  }
  return texts;
}

/** Tracked files that cite the outside specification, as "path:line". */
export function outsideCitations(base = root) {
  const problems = [];
  for (const { file, text } of trackedTexts(base)) {
    if (!text.includes(OUTSIDE_CITATION)) continue;
    text.split('\n').forEach((line, index) => {
      if (line.includes(OUTSIDE_CITATION)) problems.push(`${file}:${index + 1}: cites the outside specification (cite docs/product.md §N)`);
    });
  }
  return problems;
}

// The word issue (or issues), a space and a number, "#" allowed before it; not an address (an
// outside project's ".../issues/N"). Written in pieces, so
// that this file does not find itself.
const ISSUE_CITATION = new RegExp('\\b' + 'issues?' + '\\s+#?\\d+', 'i');
const LOCK_FILES = new Set(['pnpm-lock.yaml', 'package-lock.json']);

/** Tracked files that cite one of the project's issues by number, as "path:line". */
export function issueCitations(base = root) {
  const problems = [];
  for (const { file, text } of trackedTexts(base)) {
    if (LOCK_FILES.has(file.split('/').pop())) continue;
    text.split('\n').forEach((line, index) => {
      if (ISSUE_CITATION.test(line)) problems.push(`${file}:${index + 1}: cites an issue by number (state the rule itself)`);
    });
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = [...brokenLinks(), ...outsideCitations(), ...issueCitations()];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} documentation problem(s)`);
    process.exit(1);
  }
  console.log(`Documentation links: ${documents().length} documents checked, every relative link resolves.`);
}
