/*
 * Part of `npm run bench -- import` (issue 39): the files people's spreadsheets write, 10,000
 * rows each, read as the Bulk view reads them and set against a plain parse of the same bytes in
 * the same run:
 * - Excel's "CSV (Comma delimited)" in Windows-1252 (excel-windows-1252.csv's rows repeated, the
 *   aliases made unique): the encoding found (UTF-8 tried first), columns recognised, counts and
 *   dates decided per column, every row checked — against TextDecoder('windows-1252') + parseCsv;
 * - an .xlsx of the Bitly export's 10,000 rows (written by SheetJS): the zip guard, the sheet
 *   read and every row checked — against a plain SheetJS read of the same bytes to rows.
 */
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { guessMapping, previewRows } from '../../electron/shared/bulk-import.js';
import { parseCsv } from '../../electron/shared/csv.js';
import { readAnyImportFile } from '../../electron/shared/import-workbook.js';
import { bigFixture, fixturePath } from '../support/import-fixtures.js';
import { median, ratioRow, type BenchRow } from './run.js';

const ROWS = 10_000;
const RUNS = 7;
const BENCH = 'import';
/** The encoding check, per-column decisions and preview at most this many times decode + parseCsv. */
const GOAL_1252 = 8;
/** The guard (a second inflate) and the preview at most this many times a plain SheetJS read. */
const GOAL_XLSX = 4;

async function time(work: () => unknown): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

/** The Windows-1252 fixture's data lines repeated to `rows`, each copy's aliases made unique, as bytes. */
function windows1252File(rows: number): Uint8Array {
  const bytes = readFileSync(fixturePath('excel-windows-1252.csv'));
  const lines = bytes.toString('latin1').split('\r\n').filter((l) => l !== '');
  const [header, ...data] = lines;
  const out = [header];
  for (let n = 0; n < rows; n++) out.push((data[n % data.length] as string).replace(/https:\/\/bit\.ly\/([\w-]+)/g, `https://bit.ly/$1-${n}`));
  // latin1 keeps every byte as it was: the file stays Windows-1252.
  return new Uint8Array(Buffer.from(`${out.join('\r\n')}\r\n`, 'latin1'));
}

function xlsxFile(rows: number): Uint8Array {
  const records = parseCsv(bigFixture('bitly-links.csv', rows)).records.map((r) => r.fields);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(records), 'Links');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

export async function runImportSpreadsheetBench(log: (line: string) => void): Promise<BenchRow[]> {
  const lookups = { channels: [], campaigns: [], domains: [] };
  const cases = [
    {
      key: 'excel-windows-1252.csv',
      ratio: 'import-windows-1252-csv-vs-plain-parse',
      file: windows1252File(ROWS),
      plain: (b: Uint8Array) => parseCsv(new TextDecoder('windows-1252').decode(b)),
      plainName: "TextDecoder('windows-1252') + parseCsv",
      goal: GOAL_1252,
    },
    {
      key: 'bitly-links.xlsx',
      ratio: 'import-xlsx-vs-plain-parse',
      file: xlsxFile(ROWS),
      plain: (b: Uint8Array) => {
        const book = XLSX.read(b, { type: 'array', dense: true });
        return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1 });
      },
      plainName: 'XLSX.read + sheet_to_json',
      goal: GOAL_XLSX,
    },
  ];
  const rows: BenchRow[] = [];
  for (const c of cases) {
    const baseline: number[] = [];
    const full: number[] = [];
    let valid = 0;
    let encoding = '';
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await time(() => c.plain(c.file)));
      full.push(
        await time(async () => {
          const file = await readAnyImportFile(c.key, c.file);
          if ('error' in file) throw new Error(file.error);
          encoding = 'encoding' in file && file.encoding ? file.encoding : 'format' in file ? file.format : '';
          valid = previewRows(file.table, guessMapping(file.table), lookups, Date.now()).valid;
        }),
      );
    }
    const base = median(baseline);
    const whole = median(full);
    log(`import ${c.key} (${encoding}, ${(c.file.byteLength / 1024).toFixed(0)} KB): ${ROWS.toLocaleString('en')} rows (${valid.toLocaleString('en')} ready), read + preview ${whole.toFixed(1)} ms, ${c.plainName} ${base.toFixed(1)} ms`);
    rows.push({ bench: BENCH, metric: `${c.key}: read + preview of ${ROWS.toLocaleString('en')} rows`, value: Number(whole.toFixed(1)), unit: 'ms', goal: '', pass: null });
    rows.push({ bench: BENCH, metric: `${c.key}: ${c.plainName} (baseline)`, value: Number(base.toFixed(1)), unit: 'ms', goal: '', pass: null });
    rows.push(ratioRow(BENCH, c.ratio, whole / base, '<=', c.goal));
  }
  return rows;
}
