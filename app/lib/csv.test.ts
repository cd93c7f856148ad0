import { describe, expect, it } from 'vitest';
import { parseCsv as parse } from '../../test/support/csv';
import { csvField, toCsv } from './csv';

// The statement's CSV quoting (RFC 4180) and its guard against formulas typed into names.

describe('csv', () => {
  it('leaves plain fields and numbers as they are', () => {
    expect(csvField('Acme Pty Ltd')).toBe('Acme Pty Ltd');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField('15.00')).toBe('15.00');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvField('CC 12, "Sales"')).toBe('"CC 12, ""Sales"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('"')).toBe('""""');
  });

  it('keeps a spreadsheet from running a typed formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+61 2 1234')).toBe("'+61 2 1234");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    // Numbers are numbers: a negative amount stays a number.
    expect(csvField(-5)).toBe('-5');
  });

  it('writes rows with CRLF after a byte order mark, and reads back field for field', () => {
    const rows = [
      ['Date', 'Order', 'Company part'],
      ['2026-11-01', 'Board, "lunch"\nfloor 2', '16.00'],
      ['2026-11-02', 'Café für alle', '0.00'],
    ];
    const text = toCsv(rows);
    expect(text.startsWith('\uFEFFDate,Order,Company part\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text.slice(1))).toEqual(rows);
  });
});
