// @one-pass: pure code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { signedTickets } from '../../../src/lib/auth/signed-tickets';

const SECRET = 'a-test-session-secret-of-enough-length';

describe('signed tickets', () => {
  test('should give back the holder and the extra claims of a ticket it issued', async () => {
    const tickets = signedTickets(SECRET, 'hub-test', 60);
    const ticket = await tickets.issue({ userId: 7, tokenVersion: 3 }, { purpose: 'zip', item: 12 });
    const valid = await tickets.verify(ticket);
    assert.equal(valid?.userId, 7);
    assert.equal(valid?.tokenVersion, 3);
    assert.equal(valid?.claims.purpose, 'zip');
    assert.equal(valid?.claims.item, 12);
  });

  test('should refuse a ticket of another audience, another secret, altered or expired', async () => {
    const tickets = signedTickets(SECRET, 'hub-test', 60);
    const ticket = await tickets.issue({ userId: 7, tokenVersion: 0 });
    assert.equal(await signedTickets(SECRET, 'hub-other', 60).verify(ticket), null);
    assert.equal(await signedTickets(`${SECRET}-other`, 'hub-test', 60).verify(ticket), null);
    const [header, payload, signature] = ticket.split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '8' })).toString(
      'base64url',
    );
    assert.equal(await tickets.verify(`${header}.${altered}.${signature}`), null);
    assert.equal(await tickets.verify('not-a-ticket'), null);
    // Expiring at its issue second: already past when verified.
    const expired = await signedTickets(SECRET, 'hub-test', 0).issue({ userId: 7, tokenVersion: 0 });
    assert.equal(await tickets.verify(expired), null);
  });

  test('should refuse a ticket signed with the secret but without a token version or a valid subject', async () => {
    const key = new TextEncoder().encode(SECRET);
    const sign = (claims: Record<string, unknown>, subject: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('urn:client-hub:server')
        .setAudience('hub-test')
        .setSubject(subject)
        .setExpirationTime('60s')
        .sign(key);
    const tickets = signedTickets(SECRET, 'hub-test', 60);
    assert.equal(await tickets.verify(await sign({}, '7')), null);
    assert.equal(await tickets.verify(await sign({ tv: 1.5 }, '7')), null);
    assert.equal(await tickets.verify(await sign({ tv: 0 }, 'admin')), null);
    assert.equal((await tickets.verify(await sign({ tv: 0 }, '7')))?.userId, 7);
  });
});
