// @one-pass: each cell once a run, the whole matrix on one database (the PGlite pass has its Collectmaster rows).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { startFakeReportServer, type FakeReportServer } from '../../src/lib/power-bi/fake-report-server';
import { build, DB_KIND, resetData } from '../test-support/helper';
import { startTestIdp, type TestIdp } from '../test-support/test-idp';
import { EXPECTATIONS } from './expectations/index';
import { fileExchange } from './expectations/file-exchange';
import { fixturesOfTheData } from './fixtures';
import { PERSONAS, personaHeaders, type Persona } from './personas';

/**
 * The authorization matrix of the whole API: every registered route × every persona, with the
 * status written down per cell in expectations/. A new route without an entry fails here.
 */
describe(`authorization matrix (${DB_KIND})`, () => {
  let app: FastifyInstance;
  let idp: TestIdp;
  let reportServer: FakeReportServer;
  let headers: Record<Persona, Record<string, string>>;
  /** The same personas with file-exchange tokens, for /api/v2 (its own audience). */
  let filesHeaders: Record<Persona, Record<string, string>>;

  before(async () => {
    // A stand-in Power BI Report Server, so that the sync routes' allowed cells prove success.
    reportServer = await startFakeReportServer();
    app = await build({ pbirsUrl: reportServer.url });
    idp = await startTestIdp();
    await idp.register(app);
    await resetData();
    headers = await personaHeaders(app, idp);
    filesHeaders = await personaHeaders(app, idp, 'files');
  });
  after(async () => {
    await idp.close();
    await reportServer.close();
  });

  const apiRoutes = () =>
    app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);

  test('should have an expectation for every route, and no expectation for a route that does not exist', () => {
    const routes = new Set(apiRoutes());
    assert.deepEqual([...routes].filter((route) => !(route in EXPECTATIONS)).sort(), [], 'routes without an expectation');
    assert.deepEqual(
      Object.keys(EXPECTATIONS)
        .filter((key) => !routes.has(key))
        .sort(),
      [],
      'expectations without a route',
    );
  });

  // Whether a write may have changed the demo data since the last reset. A refused write (4xx)
  // changes nothing, so only an accepted one costs a reset: the matrix stays within its time.
  let changed = false;
  const fixtures = fixturesOfTheData();
  // Collectmaster's rows run in files-matrix.test.ts (this file stays within the runner's per-file time).
  for (const [route, expectation] of Object.entries(EXPECTATIONS).filter(([key]) => !(key in fileExchange))) {
    test(`should answer ${route} with the expected status for each persona`, async () => {
      const [method, path] = route.split(' ') as [string, string];
      const mutating = method !== 'GET';
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [index, persona] of PERSONAS.entries()) {
        // A write by one persona must not change what the next one meets.
        if (mutating && changed) {
          await resetData();
          changed = false;
          // Reads since the write may have looked the fixtures up in the changed data.
          fixtures.stale();
        }
        const ids = await fixtures.get();
        const response = await app.inject({
          method: method as 'GET',
          url: expectation.url?.(ids) ?? path,
          headers: { ...(path.startsWith('/api/v2/') ? filesHeaders : headers)[persona], ...expectation.headers?.(ids) },
          ...(expectation.body ? { payload: expectation.body(ids) as object } : {}),
        });
        got[persona] = response.statusCode;
        if (mutating && !(response.statusCode >= 400 && response.statusCode < 500)) {
          changed = true;
          fixtures.stale();
        }
        want[persona] = expectation.statuses[index]!;
      }
      if (expectation.resetAfter) {
        await resetData();
        changed = false;
        fixtures.stale();
      }
      assert.deepEqual(got, want, expectation.note);
    });
  }
});
