/**
 * CSV reading and writing (RFC 4180), pure. Written here rather than taken from a library because
 * a bulk import must say on which line of the file each record starts (a quoted field may hold
 * line breaks, so record numbers and line numbers differ), and that is what a person looks for
 * in their spreadsheet.
 */
import { keyedMessage, type KeyedMessage } from './field-issue.js';
import { msg } from './message-ref.js';

export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvRecord {
  /** 1-based line of the file on which the record starts. */
  line: number;
  fields: string[];
}

/** A problem on a line: in English (`message`) and as a `validation.csv.*` key (issue 44). */
export interface CsvProblem extends KeyedMessage {
  line: number;
}

export interface CsvParseResult {
  records: CsvRecord[];
  delimiter: CsvDelimiter;
  problems: CsvProblem[];
}

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * The separator of the first record: the one of `,` `;` and tab found most often outside quotes
 * (spreadsheets in many languages write `;`; copies from a table are tab-separated).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of stripBom(text)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as CsvDelimiter)) counts.set(ch as CsvDelimiter, (counts.get(ch as CsvDelimiter) ?? 0) + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * Reads CSV text: quoted fields (with the separator, `""` and line breaks inside), CRLF or LF,
 * a leading byte-order mark. Blank lines are skipped. Lenient where a spreadsheet is: a quote in
 * the middle of an unquoted field is kept as text; only a quote never closed is a problem.
 */
export function parseCsv(input: string, options: { delimiter?: CsvDelimiter } = {}): CsvParseResult {
  const text = stripBom(input);
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let fieldStarted = false;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    // A blank line is one empty field: nothing to import.
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
      fieldStarted = true;
      i++;
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = '';
      fieldStarted = true;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      endRecord();
      line++;
      recordLine = line;
      continue;
    }
    field += ch;
    i++;
  }
  if (quoted) {
    problems.push({ line: quoteLine, ...keyedMessage(msg('validation.csv.unclosedQuote', { line: quoteLine })) });
  }
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return { records, delimiter, problems };
}

/*
 * Writing: RFC 4180 (quotes doubled, CRLF after every record), made safe to open in a
 * spreadsheet. A text cell starting with = + - @ (or a tab or carriage return, which some
 * spreadsheets skip before those) would run as a formula in Excel, LibreOffice or Google Sheets,
 * so it gets a leading apostrophe (OWASP's advice for CSV injection): a link's title is written
 * by whoever made the page. Numbers are written as numbers (a negative count is not a formula).
 * Fields holding a separator (also ; and tab, for spreadsheets set to read those), a quote, a
 * line break, or outer spaces are quoted.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

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
