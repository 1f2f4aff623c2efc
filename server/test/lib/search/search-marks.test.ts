import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Queryable } from '../../../src/db/db';
import { markedWords, queryOperands, wordLexemes } from '../../../src/lib/search/search-marks';
import { DB_KIND, testDb } from '../../test-support/helper';

const START = '\uE000';
const STOP = '\uE001';

/** A handle that counts its statements and keeps the words each was asked about. */
function counted(db: Queryable) {
  const asked: string[][] = [];
  const handle: Queryable = {
    query: (sql, params, options) => {
      asked.push([...((params?.[0] as string[] | undefined) ?? [])]);
      return db.query(sql, params, options);
    },
    exec: (sql) => db.exec(sql),
  };
  return { handle, asked };
}

describe(`search marks (${DB_KIND})`, () => {
  test('should mark the words ts_headline marks, in either language, prefixes included', async () => {
    const db = await testDb();
    const words = ['éléments', 'elements', 'element', 'rapports', 'rapport', 'rapporteur', 'réconciliation', 'reconciliations'];
    words.push('monthly', 'month', 'mensuelle', 'mensuel', 'the', 'les', 'de', '2024', 'xlsx2', 'naïve', 'reports', 'banque', 'bank');
    for (const typed of [`'elements'`, `'rapports' & 'mensuel':*`, `'reconc':*`, `'monthly' & 'report'`, `'2024'`, `'the'`, `'banques'`]) {
      const { rows } = await db.query<{ query: string; fr: string; en: string }>(
        `SELECT q::text AS query,
                ts_headline('search_french', $2::text, q, $3) AS fr, ts_headline('search_english', $2::text, q, $3) AS en
           FROM (SELECT to_tsquery('search_english', $1) || to_tsquery('search_french', $1) AS q) t`,
        [typed, words.join(' '), `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`],
      );
      const headline = (text: string) =>
        text
          .split(' ')
          .filter((part) => part.startsWith(START) && part.endsWith(STOP))
          .map((part) => part.slice(1, -1));
      const expected = new Set([...headline(rows[0]!.fr), ...headline(rows[0]!.en)]);
      const marked = markedWords(await wordLexemes(db, words), queryOperands([rows[0]!.query]));
      assert.deepEqual([...marked].sort(), [...expected].sort(), typed);
    }
  });

  test('should read a word through the dictionaries once, and forget the oldest past its bound', async () => {
    const db = await testDb();
    const { handle, asked } = counted(db);
    const first = await wordLexemes(handle, ['rapports', 'the', 'éléments']);
    assert.ok(first.get('rapports')!.includes('rapport'));
    assert.ok(first.get('éléments')!.includes('element'));
    await wordLexemes(handle, ['éléments', 'rapports']);
    await wordLexemes(handle, ['rapports', 'banques']);
    assert.deepEqual(asked, [['rapports', 'the', 'éléments'], ['banques']]);
    // Bound at 4: the fifth word forgets the two oldest (down to 90 %, rounded down: 3).
    await wordLexemes(handle, ['clôture'], 4);
    await wordLexemes(handle, ['rapports', 'banques', 'clôture', 'the'], 4);
    assert.deepEqual(asked.slice(2), [['clôture'], ['rapports', 'the']]);
  });

  test("should read a query's operands, and none from text it cannot read", () => {
    assert.deepEqual(queryOperands([`'rapport' & 'mensuel':*`, `( 'a' | !'b' ) <-> 'c'`, `'open`, '']), [
      { lexeme: 'rapport', prefix: false },
      { lexeme: 'mensuel', prefix: true },
      { lexeme: 'a', prefix: false },
      { lexeme: 'b', prefix: false },
      { lexeme: 'c', prefix: false },
    ]);
  });
});
