/**
 * Numbers and dates as a spreadsheet of the file's locale writes them, decided for a whole
 * column, never guessed per row (issue 39, item 3). Pure.
 *
 * - Click counts: thousands written with `.` (German, `1.234.567`), `,` (English, `1,234,567`),
 *   a space or a no-break space (French, Swedish: `1 234 567`, U+00A0 or U+202F). The column's
 *   separator is the one its grouped values use; when values use both `.` and `,` the file's
 *   field separator settles it (a `;`-separated file comes from a comma-decimal locale).
 * - Dates beside the forms of import-dates.ts: `dd.mm.yyyy [hh:mm[:ss]]` (German Excel),
 *   `yyyy/mm/dd [hh:mm[:ss]]`, and `dd/mm/yyyy` or `mm/dd/yyyy` — which of the two is decided
 *   for the column when a value settles it (a first or second part above 12), and otherwise
 *   asked of the person (`dayFirst`), since `04/02/2023` is two different days.
 * Times without a zone are read as UTC, as import-dates.ts reads them.
 */
import { readDate } from './import-dates.js';

/** A click count's thousands separator, for a column: null when its values are not grouped. */
export type Thousands = '.' | ',' | 'space' | null;

const GROUPED: Record<Exclude<Thousands, null>, RegExp> = {
  '.': /^\d{1,3}(?:\.\d{3})+$/,
  ',': /^\d{1,3}(?:,\d{3})+$/,
  space: /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+$/,
};

/** The thousands separator of a column of counts (`delimiter`: the file's field separator). */
export function decideThousands(values: readonly string[], delimiter?: string): Thousands {
  const seen = { '.': 0, ',': 0, space: 0 };
  for (const raw of values) {
    const value = raw.trim();
    for (const sep of ['.', ',', 'space'] as const) if (GROUPED[sep].test(value)) seen[sep]++;
  }
  const used = (['.', ',', 'space'] as const).filter((sep) => seen[sep] > 0);
  if (used.length === 0) return null;
  if (used.length === 1) return used[0] as Thousands;
  if (used.includes('.') && used.includes(',')) return delimiter === ';' ? '.' : ',';
  return used.reduce((best, sep) => (seen[sep] > seen[best] ? sep : best));
}

/** A whole, non-negative click count written with the column's separator, or null. */
export function readCount(text: string, thousands: Thousands): number | null {
  const value = text.trim();
  const digits = /^\d+$/.test(value) ? value : thousands && GROUPED[thousands].test(value) ? value.replace(/[^\d]/g, '') : null;
  if (digits === null) return null;
  const count = Number(digits);
  return Number.isSafeInteger(count) ? count : null;
}

/** How a column writes its dates, beside the forms import-dates.ts reads everywhere. */
export type DateForm = 'standard' | 'dd.mm.yyyy' | 'yyyy/mm/dd' | 'dd/mm/yyyy' | 'mm/dd/yyyy' | 'slash-unsettled';

const TIME = String.raw`(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?`;
const DOT = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`);
const YMD_SLASH = new RegExp(String.raw`^(\d{4})/(\d{1,2})/(\d{1,2})${TIME}$`);
const SLASH = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`);

function utc(y: number, mo: number, d: number, m: RegExpExecArray, timeAt: number): number | null {
  let h = Number(m[timeAt] ?? 0);
  const mi = Number(m[timeAt + 1] ?? 0);
  const s = Number(m[timeAt + 2] ?? 0);
  const half = m[timeAt + 3]?.toLowerCase();
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  }
  if (h > 23 || mi > 59 || s > 59 || mo < 1 || mo > 12 || d < 1) return null;
  const at = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(at);
  // 31.06.2024 does not exist: Date.UTC would roll it over to July.
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? at : null;
}

/** The local form a value is written in, if it is one (slashes: which order, if it settles it). */
export function localDateForm(text: string): DateForm | null {
  const value = text.trim();
  if (DOT.test(value)) return 'dd.mm.yyyy';
  if (YMD_SLASH.test(value)) return 'yyyy/mm/dd';
  const m = SLASH.exec(value);
  if (!m) return null;
  if (Number(m[1]) > 12) return 'dd/mm/yyyy';
  if (Number(m[2]) > 12) return 'mm/dd/yyyy';
  return 'slash-unsettled';
}

/** Unix ms of a date written in `form`, or null (the forms of import-dates.ts are always read). */
export function readDateIn(text: string, form: DateForm): number | null {
  const value = text.trim();
  const standard = readDate(value);
  if (standard !== null) return standard;
  let m: RegExpExecArray | null;
  if (form === 'dd.mm.yyyy' && (m = DOT.exec(value))) return utc(Number(m[3]), Number(m[2]), Number(m[1]), m, 4);
  if (form === 'yyyy/mm/dd' && (m = YMD_SLASH.exec(value))) return utc(Number(m[1]), Number(m[2]), Number(m[3]), m, 4);
  if (form === 'dd/mm/yyyy' && (m = SLASH.exec(value))) return utc(Number(m[3]), Number(m[2]), Number(m[1]), m, 4);
  if (form === 'mm/dd/yyyy' && (m = SLASH.exec(value))) return utc(Number(m[3]), Number(m[1]), Number(m[2]), m, 4);
  return null;
}

/**
 * The form of a column of dates: the local form most of its values are in (none: 'standard').
 * Slashes: day first when any value's first part is above 12, month first when any second part
 * is; 'slash-unsettled' when none settles it (or values contradict each other), so the caller
 * asks the person; `dayFirst` is their answer.
 */
export function decideDateForm(values: readonly string[], dayFirst: boolean | null = null): DateForm {
  const counts = new Map<DateForm, number>();
  let slash = 0;
  let settledDay = false;
  let settledMonth = false;
  for (const value of values) {
    const form = localDateForm(value);
    if (form === null) continue;
    if (form === 'dd/mm/yyyy' || form === 'mm/dd/yyyy' || form === 'slash-unsettled') {
      slash++;
      settledDay ||= form === 'dd/mm/yyyy';
      settledMonth ||= form === 'mm/dd/yyyy';
    } else counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  let best: DateForm = 'standard';
  let most = 0;
  for (const [form, n] of counts) if (n > most) [best, most] = [form, n];
  if (slash > most) {
    if (settledDay !== settledMonth) return settledDay ? 'dd/mm/yyyy' : 'mm/dd/yyyy';
    if (dayFirst !== null) return dayFirst ? 'dd/mm/yyyy' : 'mm/dd/yyyy';
    return 'slash-unsettled';
  }
  return best;
}

/* How a form and a separator are said to the person: renderer/src/components/bulk/bulk-words.ts (messages). */
