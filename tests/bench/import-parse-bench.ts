/*
 * `npm run bench -- import`: how long the Bulk view takes to read a 10,000-row file of each
 * format a person has (issue 30) and show its preview: the file's bytes read and recognised
 * (shared/import-file.ts), the columns guessed (by header and content), every row checked
 * (previewRows). The figure is a ratio against a baseline of the same run on the same file: the
 * plain parse alone (parseCsv for a CSV, JSON.parse for a saved API answer), so a slower machine
 * or a busy one moves both sides.
 *
 * The files are made from the small fixtures (tests/support/import-fixtures.ts).
 */
import { guessMapping, previewRows } from '../../electron/shared/bulk-import.js';
import { parseCsv } from '../../electron/shared/csv.js';
import { readImportFile } from '../../electron/shared/import-file.js';
import { bigFixture, REAL_FIXTURES, type FixtureName } from '../support/import-fixtures.js';
import { median, ratioRow, type BenchRow } from './run.js';
import { runImportSpreadsheetBench } from './import-spreadsheet-bench.js';

const ROWS = 10_000;
const RUNS = 7;
const BENCH = 'import';
/** Parse + preview at most this many times the plain parse of the same file. */
const GOAL_CSV = 8;
/** JSON.parse is native and very fast, so the same work weighs more against it. */
const GOAL_JSON = 40;

function time(work: () => void): number {
  const t0 = performance.now();
  work();
  return performance.now() - t0;
}

export async function runImportParseBench(log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const lookups = { channels: [], campaigns: [], domains: [] };
  for (const name of Object.values(REAL_FIXTURES) as FixtureName[]) {
    const text = bigFixture(name, ROWS);
    const bytes = new TextEncoder().encode(text);
    const csv = name.endsWith('.csv');
    const baseline: number[] = [];
    const full: number[] = [];
    let valid = 0;
    // Alternated, so a change of load falls on both sides.
    for (let run = 0; run < RUNS; run++) {
      baseline.push(time(() => (csv ? parseCsv(text) : JSON.parse(text))));
      full.push(
        time(() => {
          const file = readImportFile(name, bytes);
          if ('error' in file) throw new Error(file.error);
          valid = previewRows(file.table, guessMapping(file.table), lookups, Date.now()).valid;
        }),
      );
    }
    const base = median(baseline);
    const whole = median(full);
    log(`import ${name}: ${ROWS.toLocaleString('en')} rows (${valid.toLocaleString('en')} ready), parse + preview ${whole.toFixed(1)} ms, plain ${csv ? 'CSV' : 'JSON'} parse ${base.toFixed(1)} ms`);
    rows.push({ bench: BENCH, metric: `${name}: parse + preview of ${ROWS.toLocaleString('en')} rows`, value: Number(whole.toFixed(1)), unit: 'ms', goal: '', pass: null });
    rows.push({ bench: BENCH, metric: `${name}: plain ${csv ? 'parseCsv' : 'JSON.parse'} (baseline)`, value: Number(base.toFixed(1)), unit: 'ms', goal: '', pass: null });
    rows.push(ratioRow(BENCH, `import-${name.replace(/\.\w+$/, '')}-vs-plain-parse`, whole / base, '<=', csv ? GOAL_CSV : GOAL_JSON));
  }
  // The files people's spreadsheets write (issue 39): Windows-1252 CSV and .xlsx.
  rows.push(...(await runImportSpreadsheetBench(log)));
  return rows;
}
