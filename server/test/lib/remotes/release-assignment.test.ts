// @one-pass: pure code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getsCandidate, releaseBucket } from '../../../src/lib/remotes/release-assignment';

const people = Array.from({ length: 10_000 }, (_, index) => index + 1);

describe('release assignment', () => {
  test('should give the same place to the same person and remote every time', () => {
    for (const id of people.slice(0, 200)) {
      const bucket = releaseBucket(id, 'content');
      assert.ok(Number.isInteger(bucket) && bucket >= 0 && bucket < 100);
      assert.equal(releaseBucket(id, 'content'), bucket);
    }
  });

  test('should draw each remote apart', () => {
    const same = people.slice(0, 1000).filter((id) => releaseBucket(id, 'content') === releaseBucket(id, 'dashboards')).length;
    // Independent draws agree about 1 time in 100.
    assert.ok(same < 40, `${same} of 1000 people had the same place for two remotes`);
  });

  test('should spread people roughly evenly over the places', () => {
    const counts = new Array<number>(100).fill(0);
    for (const id of people) counts[releaseBucket(id, 'content')]! += 1;
    // 100 a place on average: a place below 50 or above 150 would not be a fair share.
    assert.ok(Math.min(...counts) > 50 && Math.max(...counts) < 150, `places hold ${Math.min(...counts)}–${Math.max(...counts)}`);
    const tenPercent = people.filter((id) => getsCandidate({ id, entityId: null }, 'content', { share: 10, entities: [] })).length;
    assert.ok(tenPercent > 800 && tenPercent < 1200, `10 % gave ${tenPercent} of 10,000`);
  });

  test('should keep everyone who had the candidate when the share rises', () => {
    let before = new Set<number>();
    for (const share of [0, 1, 5, 10, 25, 50, 75, 99, 100]) {
      const now = new Set(people.filter((id) => getsCandidate({ id, entityId: null }, 'admin', { share, entities: [] })));
      for (const id of before) assert.ok(now.has(id), `person ${id} lost the candidate at ${share} %`);
      before = now;
    }
    assert.equal(before.size, people.length, '100 % is everyone');
  });

  test('should give nobody the candidate at 0 % but the listed companies', () => {
    assert.equal(people.filter((id) => getsCandidate({ id, entityId: 7 }, 'content', { share: 0, entities: [] })).length, 0);
    assert.equal(getsCandidate({ id: 1, entityId: 7 }, 'content', { share: 0, entities: new Set([7]) }), true);
    assert.equal(getsCandidate({ id: 1, entityId: 7 }, 'content', { share: 0, entities: [3, 7] }), true);
    assert.equal(getsCandidate({ id: 1, entityId: null }, 'content', { share: 0, entities: [7] }), false);
  });
});
