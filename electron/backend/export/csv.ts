/*
 * CSV as RFC 4180 writes it (fields quoted when they hold a comma, quote or line break; quotes
 * doubled; CRLF between records), made safe to open in a spreadsheet:
 * - formula injection: a text cell starting with = + - @ (or a tab or carriage return, which
 *   some spreadsheets skip before those) would run as a formula in Excel, LibreOffice or Google
 *   Sheets: such cells get a leading apostrophe, which the spreadsheet shows as text. A link's
 *   title is written by whoever made the page, so this is not hypothetical. Numbers are written
 *   as numbers (a negative count is not a formula);
 * - a UTF-8 byte order mark first, or Excel reads UTF-8 as the system's code page.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell a spreadsheet will not take for a formula. */
export function formulaSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, quoted when needed. null and undefined are empty; booleans are true/false. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = formulaSafe(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, without its line break. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** Whole records: each line ends with CRLF (the last one too, as RFC 4180 allows). */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  let out = '';
  for (const row of rows) out += csvLine(row) + CSV_EOL;
  return out;
}
