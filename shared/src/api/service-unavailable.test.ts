import { serviceUnavailableCode } from './service-unavailable';

describe('serviceUnavailableCode', () => {
  it('names the cause of a 503 from its body', () => {
    expect(serviceUnavailableCode({ statusCode: 503, error: 'Service Unavailable', code: 'DATABASE_BUSY', message: 'x' })).toBe(
      'DATABASE_BUSY',
    );
    expect(serviceUnavailableCode({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' })).toBe('DATABASE_UNAVAILABLE');
  });

  it('gives null for any other body', () => {
    expect(serviceUnavailableCode({ statusCode: 503, error: 'Service Unavailable', message: 'x' })).toBeNull();
    expect(serviceUnavailableCode({ code: 'FST_ERR_VALIDATION' })).toBeNull();
    expect(serviceUnavailableCode(null)).toBeNull();
    expect(serviceUnavailableCode('DATABASE_BUSY')).toBeNull();
  });
});
