import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [1.5, '1h30min'],
    [2, '2h'],
    [0.75, '45min'],
    [0.5, '30min'],
    [1.25, '1h15min'],
    [7, '7h'],
    [1.0833333, '1h05min'],
    [0.999999, '1h'],
    [24.5, '24h30min'],
  ])('should show %p hours as %p', (hours, text) => {
    expect(formatDuration(hours)).toBe(text);
  });

  it('should show nothing for an unknown, zero or negative duration', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});
