// @one-pass: settings are read the same whatever the database.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, REPO_ROOT } from '../../../src/plugins/external/config';
import { build, DB_KIND, removeWithFile } from '../../test-support/helper';

const dataDir = removeWithFile(mkdtempSync(join(tmpdir(), 'hub-config-test-')));

async function refused(env: Record<string, string>, variable: string) {
  await assert.rejects(loadConfig({ DATA_DIR: dataDir, ...env }), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.variable, variable);
    assert.match(error.message, new RegExp(variable));
    return true;
  });
}

describe('configuration', () => {
  test('should default to the development set-up: port 8080, PGlite in .data, embedded provider, demo data', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.nodeEnv, 'development');
    assert.equal(config.databaseUrl, null);
    assert.equal(config.embeddedIdp, true);
    assert.equal(config.seedDemo, true);
    assert.equal(config.staticDir, REPO_ROOT);
    assert.equal(config.remotes.admin, '/remotes/admin/mf-manifest.json');
    assert.ok(config.sessionSecret.length >= 32);
    assert.equal((await loadConfig({ SESSION_SECRET: 'z'.repeat(32) })).dataDir, join(REPO_ROOT, '.data'));
  });

  test('should keep the generated development session secret across restarts', async () => {
    const first = await loadConfig({ DATA_DIR: dataDir });
    const second = await loadConfig({ DATA_DIR: dataDir });
    assert.equal(first.sessionSecret, second.sessionSecret);
    assert.equal(readFileSync(join(dataDir, 'secrets', 'session-secret'), 'utf8').trim(), first.sessionSecret);
  });

  test('should derive PUBLIC_URL from PORT, and treat an empty DATABASE_URL as unset', async () => {
    const config = await loadConfig({
      DATA_DIR: dataDir,
      PORT: '9000',
      DATABASE_URL: '',
      REMOTE_CONTENT_URL: 'http://localhost:3001/mf-manifest.json',
    });
    assert.equal(config.publicUrl, 'http://localhost:9000');
    assert.equal(config.databaseUrl, null);
    assert.equal(config.remotes.content, 'http://localhost:3001/mf-manifest.json');
  });

  test('should stop on a bad value, naming the variable', async () => {
    await refused({ PORT: 'eighty' }, 'PORT');
    await refused({ PORT: '70000' }, 'PORT');
    await refused({ NODE_ENV: 'staging' }, 'NODE_ENV');
    await refused({ PUBLIC_URL: 'localhost:8080' }, 'PUBLIC_URL');
    await refused({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL');
    await refused({ EMBEDDED_IDP: 'maybe' }, 'EMBEDDED_IDP');
    await refused({ SESSION_SECRET: 'short' }, 'SESSION_SECRET');
    await refused({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    await refused({ REMOTE_ADMIN_URL: 'ftp://x/y' }, 'REMOTE_ADMIN_URL');
    await refused({ PROJECTS_URL: 'not a url' }, 'PROJECTS_URL');
    await refused({ DATABASE_SEARCH_CONNECTIONS: '0' }, 'DATABASE_SEARCH_CONNECTIONS');
  });

  test("should run two of the search's statements at once on PostgreSQL unless told how many", async () => {
    assert.equal((await loadConfig({ DATA_DIR: dataDir })).databaseSearchConnections, 2);
    assert.equal((await loadConfig({ DATA_DIR: dataDir, DATABASE_SEARCH_CONNECTIONS: '8' })).databaseSearchConnections, 8);
    // From one to a hundred.
    assert.equal((await loadConfig({ DATA_DIR: dataDir, DATABASE_SEARCH_CONNECTIONS: '1' })).databaseSearchConnections, 1);
    assert.equal((await loadConfig({ DATA_DIR: dataDir, DATABASE_SEARCH_CONNECTIONS: '100' })).databaseSearchConnections, 100);
    await refused({ DATABASE_SEARCH_CONNECTIONS: '101' }, 'DATABASE_SEARCH_CONNECTIONS');
  });

  test('should require SESSION_SECRET in production', async () => {
    await refused({ NODE_ENV: 'production' }, 'SESSION_SECRET');
  });

  test('should force the embedded provider and the demo data off in production', async () => {
    const config = await loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      EMBEDDED_IDP: 'true',
      SEED_DEMO: 'true',
    });
    assert.equal(config.embeddedIdp, false);
    assert.equal(config.seedDemo, false);
    assert.equal(config.warnings.length, 2);
  });

  test('should stop start-up with a message naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { ...process.env, PORT: 'nope', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /Invalid configuration: PORT must be an integer/);
    assert.ok(!existsSync(join(dataDir, 'pglite')), 'nothing started');
  });
});

describe(`production (${DB_KIND})`, () => {
  test('should never mount the embedded provider', async () => {
    const config = await loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'y'.repeat(40),
      EMBEDDED_IDP: 'true',
      LOG_LEVEL: 'silent',
      // No metrics listener: its default port (9464) is the machine's, which a benchmark or the
      // other database's pass may hold at the same moment.
      METRICS_PORT: '0',
    });
    const app = await build({ ...config, databaseUrl: null });
    assert.equal(app.hasDecorator('embeddedIdp'), false);
    for (const url of ['/idp/.well-known/openid-configuration', '/idp/auth', '/idp/interaction/abc']) {
      const response = await app.inject(url);
      assert.equal(response.statusCode, 404, url);
    }
    // The providers table is what it was: production adds no default connection of its own.
    const providers = await app.inject('/api/auth/providers');
    assert.equal(providers.statusCode, 200);
  });
});
