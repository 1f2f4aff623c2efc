// The documentation check on a small repository made for each test: node --test scripts/check-doc-links.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { anchors, brokenLinks, issueCitations, outsideCitations, slug } from './check-doc-links.mjs';

let folder;
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

/** A git repository holding `files` (path → text), all tracked. */
function repository(files) {
  folder = mkdtempSync(join(tmpdir(), 'doc-links-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: folder });
  execFileSync('git', ['add', '.'], { cwd: folder });
  return folder;
}

describe('slug', () => {
  it('should make the anchors GitHub makes of headings', () => {
    assert.equal(slug('1. What the portal does, and for whom'), '1-what-the-portal-does-and-for-whom');
    assert.equal(slug('4.6 Session, sign-in and display-as'), '46-session-sign-in-and-display-as');
    assert.equal(slug('`@hub/shared/test-support`'), 'hubsharedtest-support');
    assert.equal(slug('See [the README](../README.md) too'), 'see-the-readme-too');
  });

  it('should number a repeated heading', () => {
    assert.deepEqual([...anchors('# A\n\n## Notes\n\n## Notes\n')], ['a', 'notes', 'notes-1']);
  });

  it('should ignore headings inside fenced code', () => {
    assert.deepEqual([...anchors('# A\n\n```sh\n# a comment\n```\n')], ['a']);
  });
});

describe('brokenLinks', () => {
  it('should accept links to files, folders and headings that exist, and leave external links alone', () => {
    const base = repository({
      'README.md':
        '# Hub\n\n## Start here\n\n[rules](docs/product.md#2-roles) [docs](docs) [up](#start-here) [web](https://example.com/x.md)\n',
      'docs/product.md': '# Product\n\n## 2. Roles\n\n[back](../README.md#hub)\n',
    });
    assert.deepEqual(brokenLinks(base), []);
  });

  it('should report a missing file and a missing anchor, with the line', () => {
    const base = repository({
      'README.md': '# Hub\n\n[gone](docs/gone.md)\n[anchor](CONTRIBUTING.md#nothing-here)\n',
      'CONTRIBUTING.md': '# Contributing\n',
    });
    assert.deepEqual(brokenLinks(base), [
      'README.md:3: docs/gone.md: no such file (docs/gone.md)',
      'README.md:4: CONTRIBUTING.md#nothing-here: no heading with the anchor #nothing-here in CONTRIBUTING.md',
    ]);
  });

  it('should check the documents in the folders under docs', () => {
    const base = repository({
      'docs/journal/2026-01-01-a.md': '# A\n\n[decision](../decisions/0001-b.md#nothing)\n',
      'docs/decisions/0001-b.md': '# B\n',
    });
    assert.deepEqual(brokenLinks(base), [
      'docs/journal/2026-01-01-a.md:3: ../decisions/0001-b.md#nothing: no heading with the anchor #nothing in docs/decisions/0001-b.md',
    ]);
  });

  it('should not read links inside code', () => {
    const base = repository({ 'README.md': '# Hub\n\n`[x](nowhere.md)`\n\n```md\n[y](nowhere.md)\n```\n' });
    assert.deepEqual(brokenLinks(base), []);
  });
});

describe('outsideCitations', () => {
  it('should find a citation of the outside specification in any tracked file', () => {
    const base = repository({ 'src/a.ts': '// fine\n/** SPEC ' + '§4: draft */\n', 'README.md': '# Hub\n' });
    assert.deepEqual(outsideCitations(base), ['src/a.ts:2: cites the outside specification (cite docs/product.md §N)']);
  });

  it('should accept citations of docs/product.md', () => {
    const base = repository({ 'src/a.ts': '/** docs/product.md §4: draft */\n' });
    assert.deepEqual(outsideCitations(base), []);
  });
});

describe('issueCitations', () => {
  // Written in pieces, so that this file does not find itself.
  const ISSUE = 'issue';

  it('should find a citation of an issue by number in any tracked file, in either case and with a #', () => {
    const base = repository({
      'src/a.ts': `// fine\n// the rule (${ISSUE} 12)\n`,
      'docs/b.md': `# B\n\n${ISSUE.toUpperCase()} #3 said so; ${ISSUE}s 22 and 26 too.\n`,
    });
    assert.deepEqual(issueCitations(base), [
      'docs/b.md:3: cites an issue by number (state the rule itself)',
      'src/a.ts:2: cites an issue by number (state the rule itself)',
    ]);
  });

  it("should accept an outside project's issue cited by its address, and the word without a number", () => {
    const base = repository({
      'src/a.ts': `// https://github.com/electric-sql/pglite/${ISSUE}s/1058\n// tokens.${ISSUE}(42)\n// the ${ISSUE} of a ticket\n`,
    });
    assert.deepEqual(issueCitations(base), []);
  });
});
