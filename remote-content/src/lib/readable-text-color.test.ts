import { readableTextColor } from './readable-text-color';

describe('readableTextColor', () => {
  it.each([
    ['#0a365a', 'white'],
    ['#000', 'white'],
    ['#aa3300', 'white'],
    ['#1E88E5', '#111111'],
    ['#43A047', '#111111'],
    ['#999999', '#111111'],
    ['#ffffff', '#111111'],
  ])('should write on %p in %p', (background, text) => {
    expect(readableTextColor(background)).toBe(text);
  });

  it('should fall back to white for what is not a hex colour', () => {
    expect(readableTextColor('rebeccapurple')).toBe('white');
  });
});
