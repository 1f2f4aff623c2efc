import { statusToast } from './errors';

describe('statusToast', () => {
  it.each([
    [400, 'Error 400 : Bad Request'],
    [401, 'Error 401 : Unauthorized'],
    [403, 'Error 403 : Forbidden'],
    [404, 'Error 404 : Not Found'],
    [409, 'Error 409 : Conflict'],
    [429, 'Error 429 : Too Many Requests'],
    [500, 'Error 500 : Internal Server Error'],
  ])('should name status %i as the error catalogue does', (status, text) => {
    expect(statusToast(status)).toBe(text);
  });

  it('should fall back to "Error" for a status the catalogue does not name', () => {
    expect(statusToast(502)).toBe('Error');
    expect(statusToast(0)).toBe('Error');
  });
});
