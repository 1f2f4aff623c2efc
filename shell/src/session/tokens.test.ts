import { isTokenUsable, tokenExpiry } from './tokens';

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('tokens', () => {
  it('should read the expiry of a JWT and judge it against the clock', () => {
    const token = jwt({ sub: '1', exp: 2_000 });
    expect(tokenExpiry(token)).toBe(2_000);
    expect(isTokenUsable(token, 1_999_000)).toBe(true);
    expect(isTokenUsable(token, 2_000_000)).toBe(false);
  });

  it('should refuse a missing token and accept an opaque one it cannot date', () => {
    expect(isTokenUsable(null)).toBe(false);
    expect(isTokenUsable('')).toBe(false);
    expect(isTokenUsable('opaque-token')).toBe(true);
    expect(tokenExpiry('a.%%%.c')).toBeNull();
  });
});
