import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { build, DB_KIND } from '../../../test-support/helper';

describe(`health, errors and limits (${DB_KIND})`, () => {
  test('should answer GET /api/health', async () => {
    const app = await build();
    const response = await app.inject('/api/health');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok' });
  });

  test('should answer 429 in the error shape once the rate limit is spent', async () => {
    const app = await build({ rateLimitMax: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await app.inject('/api/health')).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const limited = await app.inject('/api/health');
    assert.equal(limited.json().statusCode, 429);
    assert.equal(limited.json().error, 'Too Many Requests');
    assert.match(limited.json().message, /Rate limit exceeded/);
  });

  test('should hide the details of a server error and keep the shape', async () => {
    const app = await build();
    // A database that fails underneath the route: closing a PGlite or pg pool makes queries throw.
    const original = app.db.query;
    app.db.query = async () => {
      throw new Error('connection to 10.0.0.5 lost: password=secret');
    };
    try {
      const response = await app.inject('/api/health');
      assert.equal(response.statusCode, 500);
      assert.deepEqual(response.json(), { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
    } finally {
      app.db.query = original;
    }
  });

  test('should publish the OpenAPI description', async () => {
    const app = await build();
    const response = await app.inject('/api/docs/json');
    assert.equal(response.statusCode, 200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/auth/login', '/api/advices', '/api/advices/{id}', '/api/remotes', '/api/v2/auth/login'])
      assert.ok(paths.includes(path), path);
  });
});
