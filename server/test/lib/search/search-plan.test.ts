// @one-pass: pure code (the tsquery reader and the estimate), no database
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseTsquery, selectivity, WALK_FROM, type WordStats } from '../../../src/lib/search/search-plan';

const stats: WordStats = {
  freqs: new Map([
    ['rapport', 0.3],
    ['report', 0.2],
    ['reconcili', 0.1],
    ['réconcili', 0.05],
    ['monthli', 0.25],
  ]),
  minFreq: 0.002,
};

const close = (actual: number | null, expected: number) =>
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

describe('parseTsquery', () => {
  test('should read lexemes, prefixes, weights, quotes and the operators by their precedence', () => {
    assert.deepEqual(parseTsquery("'a' | 'b' & 'c'"), {
      op: '|',
      left: { lexeme: 'a', prefix: false },
      right: { op: '&', left: { lexeme: 'b', prefix: false }, right: { lexeme: 'c', prefix: false } },
    });
    assert.deepEqual(parseTsquery("!'a':*AB <-> ( 'it''s' | 'b' )"), {
      op: '<->',
      left: { not: { lexeme: 'a', prefix: true } },
      right: { op: '|', left: { lexeme: "it's", prefix: false }, right: { lexeme: 'b', prefix: false } },
    });
    assert.deepEqual(parseTsquery("'a' <2> 'b'"), {
      op: '<->',
      left: { lexeme: 'a', prefix: false },
      right: { lexeme: 'b', prefix: false },
    });
  });

  test('should refuse a text that is not a tsquery', () => {
    for (const text of ["'a' &", "('a'", "'a", 'a', "'a' 'b'"]) assert.equal(parseTsquery(text), null, text);
  });
});

describe('selectivity', () => {
  test('should take a common lexeme’s share, and half the rarest share for another', () => {
    close(selectivity("'rapport'", stats), 0.3);
    close(selectivity("'quetzal'", stats), 0.001);
  });

  test('should add the shares of the common lexemes a prefix begins', () => {
    close(selectivity("'re':*", stats), 0.2 + 0.1);
    close(selectivity("'zz':*", stats), 0.001);
  });

  test('should combine words as independent: both, either, not', () => {
    close(selectivity("'monthli' & 'report'", stats), 0.05);
    close(selectivity("'rapport' | 'report'", stats), 0.3 + 0.2 - 0.06);
    close(selectivity("!'rapport'", stats), 0.7);
  });

  test('should know nothing without statistics or a readable query', () => {
    assert.equal(selectivity("'rapport'", undefined), null);
    assert.equal(selectivity('', stats), null);
    assert.equal(selectivity("'rapport' &", stats), null);
  });

  test('should walk for a common word and not for a typo', () => {
    assert.ok(selectivity("'rapport' | 'rapport'", stats)! >= WALK_FROM);
    assert.ok(selectivity("'reconcilaition' | 'reconcilaition'", stats)! < WALK_FROM);
  });
});
