// @one-pass: pure code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACCESS_TOKEN_TTL_SECONDS, AUDIENCES, createAccessTokens } from '../../../../src/plugins/app/auth/access-tokens';

describe('access tokens: verified tokens remembered', () => {
  const secret = 'a-test-secret-that-is-long-enough-0123456789';

  test('should answer a remembered token until it expires, and never for the other API', async (t) => {
    const tokens = createAccessTokens(secret);
    const token = await tokens.issue(42, AUDIENCES.hub);
    assert.equal(await tokens.verify(token, AUDIENCES.hub), 42);
    assert.equal(await tokens.verify(token, AUDIENCES.hub), 42);
    assert.equal(await tokens.verify(token, AUDIENCES.files), null);

    const now = Date.now();
    t.mock.method(Date, 'now', () => now + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    assert.equal(await tokens.verify(token, AUDIENCES.hub), null, 'expired, though remembered');
  });

  test('should refuse a token signed with another secret or tampered with', async () => {
    const tokens = createAccessTokens(secret);
    const foreign = await createAccessTokens(`${secret}-other`).issue(42, AUDIENCES.hub);
    assert.equal(await tokens.verify(foreign, AUDIENCES.hub), null);
    const [header, , signature] = (await tokens.issue(42, AUDIENCES.hub)).split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', aud: AUDIENCES.hub, iss: 'urn:client-hub:server', exp: 9_999_999_999 }),
    ).toString('base64url');
    assert.equal(await tokens.verify(`${header}.${payload}.${signature}`, AUDIENCES.hub), null);
  });
});
