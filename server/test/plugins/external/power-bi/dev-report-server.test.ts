// @one-pass: the stand-in serves pages, whatever the database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../../../src/plugins/external/config';
import { build, testDb } from '../../../test-support/helper';

/** The CSP directives of one answer, by name. */
function directives(header: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) found.set(name, values);
  }
  return found;
}

const REPORT = '/dev-report-server/reports/powerbi/Northwind/Sales';

describe('the stand-in report server the portal serves in development, and production without it', () => {
  test('production: no stand-in, frames over https only, no default reporting host', async () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) };
    const config = await loadConfig(env);
    assert.equal(config.reportingHost, null);
    assert.equal(config.pbirsUrl, null);
    const app = await build({ nodeEnv: 'production' });
    assert.equal(app.reportServer, null);
    const response = await app.inject({ url: REPORT });
    assert.notEqual(response.statusCode, 200);
    assert.ok(!response.body.includes('Northwind sales overview'));
    assert.equal((await app.inject({ url: '/dev-report-server/entrance?redirect=/x' })).statusCode, 404);
    assert.deepEqual(directives(response.headers['content-security-policy']).get('frame-src'), ['https:']);
    assert.deepEqual(directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']).get('frame-src'), [
      'https:',
    ]);
  });

  test('development: the demo reports as pages framed by the portal only, the entrance, and the demo dashboards pointing there', async () => {
    assert.equal((await loadConfig({ NODE_ENV: 'development', PORT: '8123' })).reportingHost, 'http://localhost:8123/dev-report-server');
    assert.equal((await loadConfig({ NODE_ENV: 'development', PBIRS_URL: 'https://pbi.example.test/reports' })).reportingHost, null);
    assert.equal(
      (await loadConfig({ NODE_ENV: 'development', REPORTING_HOST: 'https://reports.example.test' })).reportingHost,
      'https://reports.example.test',
    );

    const db = await testDb();
    // A data folder seeded before the stand-in served reports.
    await db.query(
      `UPDATE dashboards SET url = 'https://reports.example.com/reports/powerbi/Northwind/Sales' WHERE title = 'Northwind sales overview'`,
    );
    const app = await build({ nodeEnv: 'development', publicUrl: 'http://localhost:8123' });
    assert.ok(app.reportServer, 'the connector reads the stand-in');
    const { rows } = await db.query<{ url: string }>(`SELECT url FROM dashboards WHERE title = 'Northwind sales overview'`);
    assert.equal(rows[0]!.url, `http://localhost:8123${REPORT}`);

    const page = await app.inject({ url: REPORT });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<h1>Northwind sales overview<\/h1>/);
    assert.match(page.body, /<svg /);
    assert.match(page.body, /<table>/);
    assert.ok(!page.body.includes('<script'), 'no script in a report');
    const policy = directives(page.headers['content-security-policy']);
    assert.deepEqual(policy.get('frame-ancestors'), ["'self'", 'http://localhost:8123']);
    assert.deepEqual(policy.get('default-src'), ["'none'"]);
    assert.equal((await app.inject({ url: '/dev-report-server/reports/powerbi/Nowhere/Report' })).statusCode, 404);

    const entrance = await app.inject({
      url: `/dev-report-server/entrance?redirect=${encodeURIComponent(REPORT)}&embed=true&id_token=eyJ.x.y`,
    });
    assert.equal(entrance.statusCode, 302);
    assert.equal(entrance.headers.location, `${REPORT}?rs%3Aembed=true`);
    for (const redirect of ['https://evil.example/x', '//evil.example/x', '/api/auth/user'])
      assert.equal((await app.inject({ url: `/dev-report-server/entrance?redirect=${encodeURIComponent(redirect)}` })).statusCode, 400);

    // The portal's own pages may frame the stand-in (same origin), in development only.
    assert.deepEqual(directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']).get('frame-src'), [
      'https:',
      "'self'",
    ]);
    // The same stand-in answers the refresh history.
    assert.equal(await app.dashboardRefresh.run(), 4);
  });
});
