// @one-pass: plain arithmetic, no database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TokenBuckets } from '../../src/lib/token-buckets';

describe('TokenBuckets', () => {
  test('should give a person a minute’s budget at once, then refuse, and take nothing of a refused call', () => {
    const buckets = new TokenBuckets<number>(600);
    assert.equal(buckets.take(1, 400, 0), 0);
    assert.equal(buckets.take(1, 200, 0), 0);
    // 10 a second: 50 more need 5 seconds.
    assert.equal(buckets.take(1, 50, 0), 5);
    assert.equal(buckets.take(1, 50, 4_000), 1);
    assert.equal(buckets.take(1, 50, 5_000), 0);
    // Another person is not touched.
    assert.equal(buckets.take(2, 600, 5_000), 0);
  });

  test('should fill up to a minute’s budget and no more, and refuse a call larger than it', () => {
    const buckets = new TokenBuckets<number>(60);
    assert.equal(buckets.take(1, 60, 0), 0);
    assert.equal(buckets.take(1, 61, 3_600_000), 60, 'more than a bucket holds: wait a minute, it never fits');
    assert.equal(buckets.take(1, 60, 3_600_000), 0);
  });

  test('should forget the full buckets only', () => {
    const buckets = new TokenBuckets<number>(60);
    buckets.take(1, 60, 0);
    buckets.take(2, 30, 59_000);
    buckets.sweep(60_000);
    assert.equal(buckets.size, 1, 'the first is full again, the second not');
    buckets.sweep(89_000);
    assert.equal(buckets.size, 0);
  });
});
