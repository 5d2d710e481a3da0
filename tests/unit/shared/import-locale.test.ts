/**
 * Numbers and dates in the file's locale, decided per column (issue 39, item 3): each fixture a
 * spreadsheet of one locale wrote, and the forms on their own.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { guessMapping, previewRows, tableFromCsv, type BulkLookups } from '../../../electron/shared/bulk-import.js';
import { readImportFile } from '../../../electron/shared/import-file.js';
import { decideDateForm, decideThousands, readCount, readDateIn } from '../../../electron/shared/import-locale.js';
import { fixturePath } from '../../support/import-fixtures.js';

const NOW = Date.UTC(2026, 0, 1);
const lookups: BulkLookups = { channels: [], campaigns: [], domains: [] };

function previewOf(name: string, answers: { dayFirst?: boolean | null } = {}) {
  const file = readImportFile(name, new Uint8Array(readFileSync(fixturePath(name))));
  if ('error' in file) throw new Error(file.error);
  return { file, preview: previewRows(file.table, guessMapping(file.table), lookups, NOW, new Map(), answers) };
}

describe('files as spreadsheets of a locale write them', () => {
  it('German Excel: ";" separators, Windows-1252, 1.234.567 and 30.06.2024 12:00', () => {
    const { file, preview } = previewOf('german-excel.csv');
    expect(file.encoding).toBe('windows-1252');
    expect(guessMapping(file.table)).toContain('created');
    expect(preview.readers).toEqual({ thousands: '.', created: 'dd.mm.yyyy', expiry: 'standard' });
    expect(preview.rows.map((r) => r.formerClicks)).toEqual([1_234_567, 9_876, 42]);
    expect(preview.rows.map((r) => r.created)).toEqual([Date.UTC(2024, 5, 30, 12, 0), Date.UTC(2024, 6, 1, 9, 5, 30), Date.UTC(2024, 6, 2)]);
    expect(preview.rows[1]?.values.metaTitle).toBe('Straße „Ost“');
    expect(preview.invalid).toBe(0);
  });

  it('French Excel: no-break space thousands, day first settled by 25/06', () => {
    const { preview } = previewOf('french-excel-nbsp.csv');
    expect(preview.readers?.thousands).toBe('space');
    expect(preview.readers?.created).toBe('dd/mm/yyyy');
    expect(preview.rows.map((r) => r.formerClicks)).toEqual([1_234_567, 12_345]);
    expect(preview.rows.map((r) => r.created)).toEqual([Date.UTC(2024, 5, 25, 10, 0), Date.UTC(2024, 6, 3, 8, 30)]);
    expect(preview.unsettledDates).toEqual([]);
  });

  it('US Excel: comma thousands, month first settled by 06/25 (07/03 is then 3 July, not 7 March)', () => {
    const { preview } = previewOf('us-excel-month-first.csv');
    expect(preview.readers).toMatchObject({ thousands: ',', created: 'mm/dd/yyyy' });
    expect(preview.rows.map((r) => r.formerClicks)).toEqual([1_234_567, 12_345]);
    expect(preview.rows.map((r) => r.created)).toEqual([Date.UTC(2024, 5, 25), Date.UTC(2024, 6, 3)]);
  });

  it('year/month/day and space thousands', () => {
    const { preview } = previewOf('slash-iso-space-thousands.csv');
    expect(preview.readers).toMatchObject({ thousands: 'space', created: 'yyyy/mm/dd' });
    expect(preview.rows.map((r) => r.created)).toEqual([Date.UTC(2024, 5, 30, 12, 0), Date.UTC(2024, 6, 1)]);
    expect(preview.rows.map((r) => r.formerClicks)).toEqual([1_234_567, 987]);
  });

  it('no value settles day or month first: asked, never guessed; the answer decides the whole column', () => {
    const asked = previewOf('dates-ambiguous.csv').preview;
    expect(asked.unsettledDates).toEqual(['Date Created']);
    expect(asked.rows.every((r) => r.created === undefined)).toBe(true);
    expect(previewOf('dates-ambiguous.csv', { dayFirst: true }).preview.rows.map((r) => r.created)).toEqual([Date.UTC(2023, 1, 4), Date.UTC(2023, 2, 5)]);
    expect(previewOf('dates-ambiguous.csv', { dayFirst: false }).preview.rows.map((r) => r.created)).toEqual([Date.UTC(2023, 3, 2), Date.UTC(2023, 4, 3)]);
  });
});

describe('the forms one by one', () => {
  it.each([
    [['1.234.567', '9.876', '42'], undefined, '.'],
    [['1,234,567', '12'], undefined, ','],
    [['1 234 567'], undefined, 'space'],
    [['1\u00a0234'], undefined, 'space'],
    [['1\u202f234'], undefined, 'space'],
    [['1.234', '5,678'], ';', '.'],
    [['1.234', '5,678'], ',', ','],
    [['12', '7'], undefined, null],
  ] as const)('thousands of %j (file separated by %s) → %s', (values, delimiter, expected) => {
    expect(decideThousands(values, delimiter)).toBe(expected);
  });

  it('a count is read only in its column’s form, and only whole', () => {
    expect(readCount('1.234.567', '.')).toBe(1_234_567);
    expect(readCount('1.234.567', ',')).toBeNull();
    expect(readCount('1,5', '.')).toBeNull();
    expect(readCount('1 234', 'space')).toBe(1234);
    expect(readCount('1234', null)).toBe(1234);
    expect(readCount('12.34', '.')).toBeNull();
  });

  it.each([
    ['30.06.2024 12:00', 'dd.mm.yyyy', Date.UTC(2024, 5, 30, 12)],
    ['30.06.2024 12:00:15', 'dd.mm.yyyy', Date.UTC(2024, 5, 30, 12, 0, 15)],
    ['1.7.2024', 'dd.mm.yyyy', Date.UTC(2024, 6, 1)],
    ['2024/06/30', 'yyyy/mm/dd', Date.UTC(2024, 5, 30)],
    ['30/06/2024 08:05', 'dd/mm/yyyy', Date.UTC(2024, 5, 30, 8, 5)],
    ['6/30/2024 2:05 PM', 'mm/dd/yyyy', Date.UTC(2024, 5, 30, 14, 5)],
    ['2024-06-30T12:00:00Z', 'dd.mm.yyyy', Date.UTC(2024, 5, 30, 12)],
    ['31.06.2024', 'dd.mm.yyyy', null],
    ['04/02/2023', 'slash-unsettled', null],
  ] as const)('%s read as %s', (text, form, expected) => {
    expect(readDateIn(text, form)).toBe(expected);
  });

  it('a slash column is decided by any value that settles it, and otherwise by the answer', () => {
    expect(decideDateForm(['04/02/2023', '13/02/2023'])).toBe('dd/mm/yyyy');
    expect(decideDateForm(['04/02/2023', '02/13/2023'])).toBe('mm/dd/yyyy');
    expect(decideDateForm(['04/02/2023'])).toBe('slash-unsettled');
    expect(decideDateForm(['04/02/2023'], false)).toBe('mm/dd/yyyy');
    // Values that contradict each other settle nothing: asked.
    expect(decideDateForm(['13/02/2023', '02/13/2023'])).toBe('slash-unsettled');
    expect(decideDateForm(['30.06.2024', '2024-01-01'])).toBe('dd.mm.yyyy');
  });

  it('a ;-separated table keeps its separator for the column decisions', () => {
    expect(tableFromCsv('a;b\n1;2\n').delimiter).toBe(';');
  });
});
