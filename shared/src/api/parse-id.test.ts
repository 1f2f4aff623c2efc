import { parseId } from './parse-id';

describe('parseId', () => {
  it('should read a positive integer written in digits only', () => {
    expect(parseId('42')).toBe(42);
  });

  it('should answer null for no id, zero, signs, decimals, letters and numbers past the safe range', () => {
    for (const value of [undefined, '', '0', '-3', '+3', '1.5', '12a', ' 7', '99999999999999999999']) expect(parseId(value)).toBeNull();
  });
});
