import { dateTimeFormat, formatDate } from './date-format';

describe('dateTimeFormat', () => {
  it('should make one formatter per language and options, and keep it', () => {
    const short = dateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' })).toBe(short);
    expect(dateTimeFormat('fr', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' })).not.toBe(short);
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })).not.toBe(short);
  });

  it('should format as Intl does, in each language, from a string, a timestamp or a date', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };
    const iso = '2026-11-28T07:05:00.000Z';
    expect(formatDate(iso, 'en', options)).toBe('Nov 28, 2026, 7:05 AM');
    expect(formatDate(Date.parse(iso), 'fr', options)).toBe('28 nov. 2026, 07:05');
    expect(formatDate(new Date(iso), 'fr', options)).toBe(new Intl.DateTimeFormat('fr', options).format(new Date(iso)));
  });
});
