// @one-pass(pglite): each cell once a run, on one database (the PostgreSQL pass has the rest of the matrix).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, DB_KIND, resetData } from '../test-support/helper';
import { startTestIdp, type TestIdp } from '../test-support/test-idp';
import { fileExchange } from './expectations/file-exchange';
import { fixturesOfTheData } from './fixtures';
import { PERSONAS, personaHeaders, type Persona } from './personas';

/**
 * The authorization matrix's rows of Collectmaster (expectations/file-exchange.ts), run in a
 * file of their own with file-exchange tokens, so that each file stays well within the runner's
 * per-file time; matrix.test.ts checks that every route has its row and runs all the others.
 */
describe(`authorization matrix, file exchange (${DB_KIND})`, () => {
  let app: FastifyInstance;
  let idp: TestIdp;
  let headers: Record<Persona, Record<string, string>>;
  before(async () => {
    app = await build();
    idp = await startTestIdp();
    await idp.register(app);
    await resetData();
    headers = await personaHeaders(app, idp, 'files');
  });
  after(() => idp.close());

  // As in matrix.test.ts: a refused write changes nothing, so only an accepted one costs a reset.
  let changed = false;
  const fixtures = fixturesOfTheData();
  for (const [route, expectation] of Object.entries(fileExchange)) {
    test(`should answer ${route} with the expected status for each persona`, async () => {
      const [method, path] = route.split(' ') as [string, string];
      const mutating = method !== 'GET';
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [index, persona] of PERSONAS.entries()) {
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
          headers: { ...headers[persona], ...expectation.headers?.(ids) },
          ...(expectation.body ? { payload: expectation.body(ids) as object } : {}),
        });
        got[persona] = response.statusCode;
        if (mutating && !(response.statusCode >= 400 && response.statusCode < 500)) {
          changed = true;
          fixtures.stale();
        }
        want[persona] = expectation.statuses[index]!;
      }
      assert.deepEqual(got, want, expectation.note);
    });
  }
});
