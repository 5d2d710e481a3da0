/**
 * A spreadsheet read as it is (issue 39, item 4): an Excel `.xlsx` or an OpenDocument `.ods`,
 * its first sheet or the one the person picks, read into the same table a CSV file gives. Pure;
 * the renderer hands over the bytes (it runs here, in the sandboxed window, not in the process
 * that holds the keys).
 *
 * The reader is SheetJS Community Edition (@e965/xlsx, see docs/architecture.md for why), loaded
 * only when a workbook is chosen. A workbook is a zip archive, so before SheetJS sees it:
 * - its directory is checked (entries, sizes declared) and only the XML parts are inflated, by
 *   fflate into buffers of their declared size: a zip bomb (a part that inflates far beyond what
 *   it declares, or declares gigabytes) can use no more memory than WORKBOOK_LIMITS allows;
 * - those parts are handed to SheetJS re-packed without compression, so it inflates nothing itself;
 * - at most a job's rows are parsed (`sheetRows`); a longer sheet is refused with its row count.
 */
import { unzipSync, zipSync, type Unzipped } from 'fflate';
import type { CellObject, WorkBook } from '@e965/xlsx';
import { tableFromRecords, type ImportTable } from './bulk-import.js';
import { BULK_MAX_ROWS } from './bulk.js';
import type { CsvRecord } from './csv.js';
import { formatUtc } from './import-dates.js';
import { IMPORT_MAX_BYTES, readImportFile, tooLargeRef, type ImportFile } from './import-file.js';
import { englishText, msg, nameList, type MessageRef, type NameList } from './message-ref.js';

export const WORKBOOK_LIMITS = {
  /** Parts in the archive (a workbook of a few sheets has a few dozen). */
  entries: 2_000,
  /** The XML parts inflated, together (a 10,000-row sheet of links is a few MB). */
  inflated: 64 * 1024 * 1024,
  /** Columns of the sheet read. */
  columns: 256,
};

export type WorkbookFormat = 'xlsx' | 'ods';

export type WorkbookFile =
  | { table: ImportTable; kind: 'csv'; label: null; format: WorkbookFormat; sheet: { name: string; names: string[] } }
  | { error: string; errorRef?: MessageRef };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
export const isZip = (bytes: Uint8Array): boolean => ZIP.every((b, i) => bytes[i] === b);

/** The parts SheetJS needs: XML and relationships (and an ODS's mimetype), never media or binaries. */
const wanted = (name: string) => name.endsWith('.xml') || name.endsWith('.rels') || name === 'mimetype';

type Refusal = { error: string; errorRef: MessageRef };

/** A refusal in English (logs, the command line) with its message for the app. */
const refuse = (ref: MessageRef): Refusal => ({ error: englishText(ref), errorRef: ref });

const notWorkbook = (name: string) => refuse(msg('importNotes.workbookNotWorkbook', { name }));
const tooBig = (name: string) =>
  refuse(msg('importNotes.workbookTooBig', { name, mb: WORKBOOK_LIMITS.inflated / 1024 / 1024, rows: BULK_MAX_ROWS }));

/** The archive's XML parts, inflated within the limits, or the sentence why not. */
function unpack(name: string, bytes: Uint8Array): Unzipped | Refusal {
  let entries = 0;
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries++;
        if (wanted(file.name)) declared += file.originalSize;
        return false;
      },
    });
  } catch {
    return notWorkbook(name);
  }
  if (entries > WORKBOOK_LIMITS.entries || declared > WORKBOOK_LIMITS.inflated) return tooBig(name);
  try {
    // fflate inflates each part into a buffer of its declared size: a part that declares little
    // and holds more is cut there (SheetJS then finds broken XML), never grown.
    return unzipSync(bytes, { filter: (file) => wanted(file.name) });
  } catch {
    return refuse(msg('importNotes.workbookDamaged', { name }));
  }
}

function formatOf(parts: Unzipped): WorkbookFormat | null {
  if (parts['xl/workbook.xml']) return 'xlsx';
  const mime = parts['mimetype'];
  if (parts['content.xml'] && mime && new TextDecoder().decode(mime).trim() === 'application/vnd.oasis.opendocument.spreadsheet') return 'ods';
  return null;
}

/** Days between 1899-12-30 (day 0 of Excel's 1900 date system) and 1970-01-01. */
const EPOCH_1900 = 25_569;
const EPOCH_1904 = EPOCH_1900 - 1_462;

/** One cell as text, as a CSV export of the sheet would have it (dates as `YYYY-MM-DD HH:MM:SS`, UTC: sheets carry no zone). */
function cellText(cell: CellObject | undefined, isDate: (format: string) => boolean, epoch: number): string {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'b':
      return cell.v ? 'true' : 'false';
    case 'd':
      return cell.v instanceof Date ? formatUtc(cell.v.getTime()) : String(cell.v ?? '');
    case 'n': {
      const v = Number(cell.v);
      // A date cell is a number of days with a date format; to the second, as the sheet shows it.
      if (typeof cell.z === 'string' && isDate(cell.z)) return formatUtc(Math.round((v - epoch) * 86_400) * 1000);
      return String(v);
    }
    case 'e':
      return cell.w ?? '';
    default:
      return '';
  }
}

/**
 * Why SheetJS refused the parts, in our words where its message says which case it is (read from
 * its source, @e965/xlsx's xlsx.mjs: "File is password-protected", "ECMA-376 Encrypted file …",
 * "Could not find workbook", "Cannot find file …", "Missing content.xml …"; and "Unsupported ZIP
 * file", seen for an .xlsx without [Content_Types].xml and an .ods whose content.xml is broken);
 * any other message is SheetJS's own detail, passed as it is inside our sentence.
 */
export function workbookProblem(name: string, detail: string): MessageRef {
  if (/password|encrypt/i.test(detail)) return msg('importNotes.workbookPassword', { name });
  if (/could not find|cannot find|cannot access file|missing content|invalid workbook|unsupported zip file/i.test(detail)) {
    return msg('importNotes.workbookPartsMissing', { name });
  }
  return msg('importNotes.workbookUnreadable', { name, detail });
}

/**
 * The sheet names as a list argument: the reader's language joins and quotes them (“Links” and
 * “Archive”, „Links“ und „Archiv“), see message-ref.ts's nameList.
 */
export const sheetList = (names: readonly string[]): NameList => nameList(names, { quote: true });

/**
 * The sheet a name asks for: the same name, else the one sheet that differs only in case (a name
 * typed on a command line). Undefined when there is none.
 */
export function sheetNamed(names: readonly string[], wanted: string): string | undefined {
  if (names.includes(wanted)) return wanted;
  const folded = names.filter((n) => n.toLowerCase() === wanted.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

/**
 * The workbook's sheet (`sheet`: its name; the first when not given) as an import table, or a
 * sentence; a name the workbook has no sheet of is refused with the names it has.
 */
export async function readWorkbook(name: string, bytes: Uint8Array, sheet?: string): Promise<WorkbookFile> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) return refuse(tooLargeRef(name, bytes.byteLength));
  const parts = unpack(name, bytes);
  if ('error' in parts) return parts as Refusal;
  const format = formatOf(parts);
  if (!format) return notWorkbook(name);
  const XLSX = await import('@e965/xlsx');
  let book: WorkBook;
  try {
    // Stored, not deflated: SheetJS inflates nothing (the parts were inflated above, within the limits).
    const plain = zipSync(parts, { level: 0 });
    book = XLSX.read(plain, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      sheetRows: BULK_MAX_ROWS + 2,
      ...(sheet ? { sheets: sheet } : { sheets: 0 }),
    });
  } catch (error) {
    return refuse(workbookProblem(name, error instanceof Error ? error.message : String(error)));
  }
  const names = [...book.SheetNames];
  const chosen = sheet ? sheetNamed(names, sheet) : names[0];
  if (sheet && !chosen) return refuse(msg('importNotes.workbookNoSheet', { name, sheet, sheets: sheetList(names) }));
  const ws = chosen ? book.Sheets[chosen] : undefined;
  // The other sheets are named: a command line has no picker to show them.
  const another = { others: names.length > 1 ? 'yes' : 'no', sheets: sheetList(names.filter((n) => n !== chosen)) };
  if (!chosen || !ws || !ws['!ref']) return refuse(msg('importNotes.workbookSheetEmpty', { name, sheet: chosen ?? '', ...another }));
  const full = XLSX.utils.decode_range(ws['!fullref'] ?? ws['!ref']);
  if (full.e.r - full.s.r > BULK_MAX_ROWS) {
    return refuse(msg('importNotes.workbookTooManyRows', { name, sheet: chosen, n: full.e.r - full.s.r + 1, max: BULK_MAX_ROWS }));
  }
  const range = XLSX.utils.decode_range(ws['!ref']);
  if (range.e.c - range.s.c + 1 > WORKBOOK_LIMITS.columns) {
    return refuse(msg('importNotes.workbookTooManyColumns', { name, sheet: chosen, n: range.e.c - range.s.c + 1, max: WORKBOOK_LIMITS.columns }));
  }
  const epoch = book.Workbook?.WBProps?.date1904 ? EPOCH_1904 : EPOCH_1900;
  const isDate = (format: string) => XLSX.SSF.is_date(format);
  const data = (ws['!data'] ?? []) as (CellObject[] | undefined)[];
  const records: CsvRecord[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row = data[r];
    const fields: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) fields.push(cellText(row?.[c], isDate, epoch).trim());
    while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
    // Its line is the row number the spreadsheet shows, so a person finds it there.
    if (fields.length > 0) records.push({ line: r + 1, fields });
  }
  const table = tableFromRecords(records);
  if (table.records.length === 0) return refuse(msg('importNotes.workbookNoRows', { name, sheet: chosen, ...another }));
  return { table, kind: 'csv', label: null, format, sheet: { name: chosen, names } };
}

/** Any file chosen for an import: a workbook read as above, anything else by readImportFile. */
export async function readAnyImportFile(name: string, bytes: Uint8Array, sheet?: string): Promise<ImportFile | WorkbookFile> {
  if (isZip(bytes)) return readWorkbook(name, bytes, sheet);
  return readImportFile(name, bytes);
}
