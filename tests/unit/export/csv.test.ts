import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, csvLines, formulaSafe } from '../../../electron/shared/csv.js';
import { exportFileName, safeNamePart } from '../../../electron/backend/export/file-names.js';
import { readCsv, unguard } from '../../support/csv-read.js';

describe('CSV cells (RFC 4180)', () => {
  it('quotes fields holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell('')).toBe('');
  });

  it('writes numbers and booleans as such and absent values as empty fields', () => {
    expect(csvLine([1, -5, 2.5, true, false, null, undefined, Number.NaN])).toBe('1,-5,2.5,true,false,,,');
  });

  it('keeps non-ASCII text as it is (the file is UTF-8 with a BOM)', () => {
    expect(csvCell('Café ☕ 東京')).toBe('Café ☕ 東京');
    expect(CSV_BOM).toBe('\uFEFF');
  });
});

describe('formula injection', () => {
  it.each(['=SUM(A1:A9)', '+1+2', '-2+3', '@cmd', '\t=1', '\r=1', '=HYPERLINK("http://evil","x")'])('guards a text cell starting %j with an apostrophe', (text) => {
    const cell = csvCell(text);
    // Unquoted cells start with the apostrophe; quoted ones right after the opening quote.
    expect(cell.startsWith("'") || cell.startsWith(`"'`)).toBe(true);
    expect(readCsv(cell + '\r\n')[0]![0]).toBe(`'${text}`);
  });

  it('leaves other text and real numbers alone', () => {
    expect(formulaSafe('Summer = fun')).toBe('Summer = fun');
    expect(formulaSafe('https://example.com/?a=1')).toBe('https://example.com/?a=1');
    expect(csvCell(-42)).toBe('-42');
  });
});

describe('records', () => {
  it('reads back to the same fields, one record per line, CRLF between', () => {
    const rows = [
      ['id', 'title', 'note'],
      [1, 'Hello, "world"', 'line one\nline two'],
      [2, '=cmd|" /C calc"!A0', ''],
    ];
    const text = csvLines(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(4);
    const back = readCsv(CSV_BOM + text).map((r) => r.map(unguard));
    expect(back).toEqual(rows.map((r) => r.map(String)));
  });
});

describe('file names', () => {
  it('are dated and keep only safe characters of a link alias', () => {
    const at = new Date(2024, 4, 1, 14, 30).getTime();
    expect(exportFileName('links', 'csv', at)).toBe('linkdeck-links-2024-05-01-1430.csv');
    expect(exportFileName('stats', 'csv', at, '../summer sale?')).toBe('linkdeck-stats-summer-sale-2024-05-01-1430.csv');
    expect(safeNamePart('///', 'link')).toBe('link');
  });
});
