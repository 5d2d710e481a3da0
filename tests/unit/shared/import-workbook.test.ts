/**
 * Spreadsheets as they are (issue 39, item 4): .xlsx and .ods made by LibreOffice read directly,
 * first sheet or the one picked, dates and numbers as the sheet holds them; zip bombs and huge
 * sheets refused in a sentence before they cost memory.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import * as XLSX from '@e965/xlsx';
import { guessMapping, previewRows } from '../../../electron/shared/bulk-import.js';
import { readAnyImportFile, readWorkbook, WORKBOOK_LIMITS } from '../../../electron/shared/import-workbook.js';
import { recogniseFormat } from '../../../electron/shared/import-formats.js';
import { fixturePath } from '../../support/import-fixtures.js';

const NOW = Date.UTC(2026, 0, 1);
const fixture = (name: string) => new Uint8Array(readFileSync(fixturePath(name)));

describe('a workbook read directly', () => {
  it.each([
    ['links-workbook.xlsx', 'xlsx'],
    ['links-workbook.ods', 'ods'],
  ] as const)('%s: the first sheet, recognised as a Bitly export, date cells and numbers as written', async (name, format) => {
    const file = await readAnyImportFile(name, fixture(name));
    if ('error' in file) throw new Error(file.error);
    expect(file).toMatchObject({ format, sheet: { name: 'Links', names: ['Links', 'Archive'] } });
    expect(recogniseFormat(file.table.headers)?.service).toBe('Bitly');
    const preview = previewRows(file.table, guessMapping(file.table), { channels: [], campaigns: [], domains: [] }, NOW);
    expect(preview.invalid).toBe(0);
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(preview.rows.map((r) => r.input?.custom)).toEqual(['spring-sale', 'cafe-creme', '3TokyoQ']);
    expect(preview.rows.map((r) => r.formerClicks)).toEqual([1_234_567, 42, 7]);
    expect(preview.rows.map((r) => r.created)).toEqual([Date.UTC(2023, 3, 2, 9, 30), Date.UTC(2023, 3, 4, 8), Date.UTC(2023, 3, 5, 7, 15)]);
    expect(preview.rows[1]?.values.metaTitle).toBe('Café crème — menu');
  });

  it('the sheet the person picks', async () => {
    const file = await readWorkbook('links-workbook.xlsx', fixture('links-workbook.xlsx'), 'Archive');
    if ('error' in file) throw new Error(file.error);
    expect(file.sheet.name).toBe('Archive');
    expect(file.table.records.map((r) => r.fields)).toEqual([['https://example.org/old-campaign', 'Old campaign']]);
  });

  it.each(['links-workbook.xlsx', 'links-workbook.ods'])('%s: a sheet named in another case is that sheet; a name it has no sheet of is refused with its names', async (name) => {
    const archive = await readWorkbook(name, fixture(name), 'archive');
    if ('error' in archive) throw new Error(archive.error);
    expect(archive.sheet.name).toBe('Archive');
    // Never the first sheet in its place: that would import other links than asked.
    expect(await readWorkbook(name, fixture(name), 'Links 2024')).toMatchObject({
      error: `“${name}” has no sheet “Links 2024”. Its sheets: “Links” and “Archive”.`,
    });
  });
});

describe('what a workbook cannot be gets a sentence', () => {
  it('a zip bomb: parts declaring more than the limit are refused before any is inflated', async () => {
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(10), 'xl/workbook.xml': new Uint8Array(WORKBOOK_LIMITS.inflated + 1) });
    expect(bomb.byteLength).toBeLessThan(200_000);
    const file = await readWorkbook('bomb.xlsx', bomb);
    expect('error' in file && file.error).toMatch(/^"bomb\.xlsx" unpacks to more than 64 MB of spreadsheet data/);
  });

  it('a part that inflates beyond what it declares is cut at its declared size, not grown', async () => {
    const honest = zipSync({ 'xl/workbook.xml': new Uint8Array(4_000_000).fill(0x20) });
    // The declared uncompressed size (local header at 22, central directory entry at 24) set to 100 bytes.
    const lying = honest.slice();
    const view = new DataView(lying.buffer);
    view.setUint32(22, 100, true);
    const central = lying.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50);
    view.setUint32(central + 24, 100, true);
    const file = await readWorkbook('lying.xlsx', lying);
    expect('error' in file && file.error).toMatch(/^"lying\.xlsx" (cannot be read as a workbook|is a damaged workbook|the sheet)/);
  });

  it('a sheet longer than a job is refused with its row count', async () => {
    const rows = [['Destination URL'], ...Array.from({ length: 10_001 }, (_, i) => [`https://example.com/${i}`])];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Big');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const file = await readWorkbook('big.xlsx', bytes);
    expect('error' in file && file.error).toBe('"big.xlsx": the sheet "Big" has 10,002 rows; a job takes at most 10,000. Split it into several sheets or files.');
  });

  it('a zip that is no workbook', async () => {
    const file = await readAnyImportFile('photos.zip', zipSync({ 'a.txt': new Uint8Array([0x61]) }));
    expect('error' in file && file.error).toMatch(/is a zip archive, not an Excel \(\.xlsx\) or OpenDocument \(\.ods\) workbook/);
  });
});
