// @one-pass: plain arithmetic, no database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROLLBACK_DEFAULTS } from '@hub/shared/api';
import { rollbackSummary, shouldRollBack, tries } from '../../../src/lib/remotes/rollback-rule';

const none = { mounts: 0, errors: 0 };

describe('the automatic roll-back’s rule', () => {
  test('should need the minimum of mounts', () => {
    assert.equal(shouldRollBack({ mounts: 19, errors: 19 }, none, ROLLBACK_DEFAULTS), false);
    assert.equal(shouldRollBack({ mounts: 20, errors: 1 }, none, ROLLBACK_DEFAULTS), true);
  });

  test('should need a rate strictly above the error rate', () => {
    assert.equal(shouldRollBack({ mounts: 50, errors: 1 }, none, ROLLBACK_DEFAULTS), false);
    assert.equal(shouldRollBack({ mounts: 100, errors: 2 }, none, ROLLBACK_DEFAULTS), false);
    assert.equal(shouldRollBack({ mounts: 100, errors: 3 }, none, ROLLBACK_DEFAULTS), true);
  });

  test('should need a rate strictly above the stable’s times the factor', () => {
    assert.equal(shouldRollBack({ mounts: 20, errors: 2 }, { mounts: 100, errors: 5 }, ROLLBACK_DEFAULTS), false);
    assert.equal(shouldRollBack({ mounts: 20, errors: 2 }, { mounts: 100, errors: 4 }, ROLLBACK_DEFAULTS), true);
    assert.equal(
      shouldRollBack({ mounts: 20, errors: 2 }, { mounts: 100, errors: 4 }, { ...ROLLBACK_DEFAULTS, stableFactor: 3 }),
      false,
      'the thresholds are settings',
    );
  });

  test('should count a load failure as a try', () => {
    assert.deepEqual(tries({ mounts: 10, loadFailures: 10, errors: 12 }), { mounts: 20, errors: 12 });
  });

  test('should say the figures as the audit shows them', () => {
    assert.equal(rollbackSummary({ mounts: 31, errors: 7 }, { mounts: 402, errors: 1 }), '7 errors in 31 mounts; stable 1 in 402');
    assert.equal(rollbackSummary({ mounts: 1, errors: 1 }, none), '1 error in 1 mount; stable 0 in 0');
  });
});
