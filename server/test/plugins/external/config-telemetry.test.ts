// @one-pass: settings are read the same whatever the database.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROLLBACK_DEFAULTS } from '@hub/shared/api';
import { ConfigError, loadConfig, TELEMETRY_DEFAULTS } from '../../../src/plugins/external/config';
import { removeWithFile } from '../../test-support/helper';

const dataDir = removeWithFile(mkdtempSync(join(tmpdir(), 'hub-config-telemetry-test-')));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

async function refused(env: Record<string, string>, variable: string) {
  await assert.rejects(load(env), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.variable, variable);
    return true;
  });
}

describe('the settings of the browser figures and the automatic roll-back', () => {
  test('should take the defaults of the contract', async () => {
    const { telemetry } = await load({});
    assert.deepEqual(telemetry, TELEMETRY_DEFAULTS);
    assert.deepEqual(telemetry?.rollback, ROLLBACK_DEFAULTS);
  });

  test('should read each setting at its bounds', async () => {
    const low = await load({
      CLIENT_EVENTS_PER_MINUTE: '10',
      ROLLBACK_INTERVAL_SECONDS: '0',
      ROLLBACK_WINDOW_MINUTES: '1',
      ROLLBACK_MIN_MOUNTS: '1',
      ROLLBACK_ERROR_RATE: '0',
      ROLLBACK_STABLE_FACTOR: '1',
    });
    assert.deepEqual(low.telemetry, {
      eventsPerMinute: 10,
      rollbackIntervalSeconds: 0,
      rollback: { windowMinutes: 1, minMounts: 1, errorRate: 0, stableFactor: 1 },
    });
    const high = await load({
      CLIENT_EVENTS_PER_MINUTE: '1000000',
      ROLLBACK_INTERVAL_SECONDS: '3600',
      ROLLBACK_WINDOW_MINUTES: '1440',
      ROLLBACK_MIN_MOUNTS: '1000000',
      ROLLBACK_ERROR_RATE: '1',
      ROLLBACK_STABLE_FACTOR: '2.5',
    });
    assert.deepEqual(high.telemetry?.rollback, { windowMinutes: 1440, minMounts: 1_000_000, errorRate: 1, stableFactor: 2.5 });
  });

  test('should refuse each setting past its bounds, naming it', async () => {
    await refused({ CLIENT_EVENTS_PER_MINUTE: '9' }, 'CLIENT_EVENTS_PER_MINUTE');
    await refused({ ROLLBACK_INTERVAL_SECONDS: '3601' }, 'ROLLBACK_INTERVAL_SECONDS');
    await refused({ ROLLBACK_WINDOW_MINUTES: '0' }, 'ROLLBACK_WINDOW_MINUTES');
    await refused({ ROLLBACK_MIN_MOUNTS: '0' }, 'ROLLBACK_MIN_MOUNTS');
    await refused({ ROLLBACK_ERROR_RATE: '1.5' }, 'ROLLBACK_ERROR_RATE');
    await refused({ ROLLBACK_ERROR_RATE: '2%' }, 'ROLLBACK_ERROR_RATE');
    await refused({ ROLLBACK_STABLE_FACTOR: '0.5' }, 'ROLLBACK_STABLE_FACTOR');
    await refused({ ROLLBACK_STABLE_FACTOR: '-2' }, 'ROLLBACK_STABLE_FACTOR');
  });
});
