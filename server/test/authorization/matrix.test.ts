import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, DB_KIND, resetData } from '../helper';
import { startTestIdp, type TestIdp } from '../support/test-idp';
import { EXPECTATIONS } from './expectations/index';
import { loadFixtures } from './fixtures';
import { PERSONAS, personaHeaders, type Persona } from './personas';

/**
 * The authorization matrix of the whole API: every registered route × every persona, with the
 * status written down per cell in expectations/. A new route without an entry fails here.
 */
describe(`authorization matrix (${DB_KIND})`, () => {
  let app: FastifyInstance;
  let idp: TestIdp;
  let headers: Record<Persona, Record<string, string>>;

  before(async () => {
    app = await build();
    idp = await startTestIdp();
    await idp.register(app);
    await resetData();
    headers = await personaHeaders(app, idp);
  });
  after(() => idp.close());

  const apiRoutes = () =>
    app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);

  test('should have an expectation for every route, and no expectation for a route that does not exist', () => {
    const routes = new Set(apiRoutes());
    assert.deepEqual([...routes].filter((route) => !(route in EXPECTATIONS)).sort(), [], 'routes without an expectation');
    assert.deepEqual(Object.keys(EXPECTATIONS).filter((key) => !routes.has(key)).sort(), [], 'expectations without a route');
  });

  for (const [route, expectation] of Object.entries(EXPECTATIONS)) {
    test(`should answer ${route} with the expected status for each persona`, async () => {
      const [method, path] = route.split(' ') as [string, string];
      const mutating = method !== 'GET';
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [index, persona] of PERSONAS.entries()) {
        // A write by one persona must not change what the next one meets.
        if (mutating) await resetData();
        const ids = await loadFixtures();
        const response = await app.inject({
          method: method as 'GET',
          url: expectation.url?.(ids) ?? path,
          headers: { ...headers[persona], ...expectation.headers?.(ids) },
          ...(expectation.body ? { payload: expectation.body(ids) as object } : {}),
        });
        got[persona] = response.statusCode;
        want[persona] = expectation.statuses[index]!;
      }
      assert.deepEqual(got, want, expectation.note);
    });
  }
});
