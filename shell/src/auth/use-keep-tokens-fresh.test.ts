import { renewalDueInMs } from './use-keep-tokens-fresh';

describe('renewalDueInMs', () => {
  beforeEach(() => localStorage.clear());

  it('should have nothing to renew without a stored identity session', () => {
    localStorage.setItem('hub.token.api', 'x');
    expect(renewalDueInMs(localStorage)).toBeNull();
  });

  it('should load the identity client two minutes before its access token expires, or at once when late', () => {
    const now = 1_000_000_000_000;
    const key = 'oidc.user:http://localhost:8080/idp:hub-portal';
    localStorage.setItem(key, JSON.stringify({ expires_at: now / 1000 + 3600 }));
    expect(renewalDueInMs(localStorage, now)).toBe((3600 - 120) * 1000);
    localStorage.setItem(key, JSON.stringify({ expires_at: now / 1000 + 30 }));
    expect(renewalDueInMs(localStorage, now)).toBe(0);
  });
});
