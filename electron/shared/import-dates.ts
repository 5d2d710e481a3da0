/**
 * The one date reader of imports: an export file's cells and a live source's answers go through
 * it alike (a created date, an expiry), so a date read in one path is read in the other. Pure.
 *
 * The forms are those the sources write:
 * - ISO 8601 with or without milliseconds and zone: `2024-07-30T12:00:00.000Z` (Kutt, Dub,
 *   Rebrandly), `2024-11-20T10:00:00+00:00` (Shlink), `2019-09-26T18:48:36+0000` (Bitly API v4,
 *   a zone without a colon), `2024-07-30T12:00` (no zone: read as UTC);
 * - `YYYY-MM-DD HH:MM:SS` and `YYYY-MM-DD HH:MM` (YOURLS's MySQL `timestamp`, spreadsheets), read
 *   as UTC;
 * - `YYYY-MM-DD` (a day: its midnight, UTC);
 * - Unix time: seconds (9–11 digits, with or without a fraction) or milliseconds (12–14 digits).
 * Forms that are ambiguous (`04/02/2023`: 2 April or 4 February?) are not guessed: the caller
 * says the date cannot be read.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
// 9 digits or more: a bare year or count ("2024") is no date.
const UNIX = /^\d{9,14}(?:\.\d+)?$/;

/** Unix ms of a date in one of the forms above, or null when it is none (or not a real date). */
export function readDate(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  if (UNIX.test(value)) {
    const number = Number(value);
    const digits = value.split('.')[0]?.length ?? 0;
    // 12 digits or more can only be milliseconds (seconds that large are after the year 5000).
    const at = digits >= 12 ? number : number * 1000;
    return Number.isFinite(at) ? Math.round(at) : null;
  }
  const m = ISO.exec(value);
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  if (y === undefined || mo === undefined || d === undefined) return null;
  const local = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const back = new Date(local);
  // Date.UTC rolls 2030-02-30 over to March: a date that does not exist is none.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return local - zoneOffsetMs(m[8]);
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4) || '0');
  return sign * (hours * 60 + minutes) * 60_000;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC: the form the bulk step and the service take for an expiry. */
export const formatUtc = (at: number): string => new Date(at).toISOString().slice(0, 19).replace('T', ' ');

/** `YYYY-MM-DD` in UTC: how a created date is shown ("created on Bitly 2023-04-02"). */
export const formatDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** The forms, said in words for a cell that is none of them. */
export const DATE_FORMS_WORDS = '2024-07-30, 2024-07-30 12:00:00, 2024-07-30T12:00:00.000Z or a Unix time';
