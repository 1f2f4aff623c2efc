import { createTokenStore, isTokenUsable, tokenExpiry } from './tokens';

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

  it('should keep the identity token beside the API tokens, hand it out only while valid, and forget it with them', () => {
    const store = createTokenStore(localStorage);
    const valid = jwt({ sub: '1', exp: Math.floor(Date.now() / 1000) + 600 });
    store.set({ hub: 'hub-token', files: 'files-token', identity: valid });
    expect(store.identity()).toBe(valid);
    expect(localStorage.getItem('hub.token.identity')).toBe(valid);

    store.set({ hub: 'hub-token', files: 'files-token', identity: jwt({ sub: '1', exp: 1 }) });
    expect(store.identity()).toBeNull();

    store.set({ hub: 'hub-token', files: 'files-token', identity: valid });
    store.clear();
    expect(store.identity()).toBeNull();
    expect(localStorage.getItem('hub.token.identity')).toBeNull();
    expect(store.hub()).toBeNull();
  });
});
