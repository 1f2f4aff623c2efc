import { csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('should quote fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });

  it('should neutralise cells that a spreadsheet would run as a formula, and keep negative numbers', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+33 1 23')).toBe("'+33 1 23");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField('Q3 = good')).toBe('Q3 = good');
  });

  it('should join a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Title', 'Status'],
        [
          ['A, B', 'Draft'],
          ['C', 'Published'],
        ],
      ),
    ).toBe('Title,Status\r\n"A, B",Draft\r\nC,Published\r\n');
  });
});
