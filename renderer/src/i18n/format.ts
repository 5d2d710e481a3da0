/*
 * The one place that turns numbers and times into text (issue 37, item 7): numbers and dates in
 * the person's locale (Intl.NumberFormat, Intl.DateTimeFormat); plurals live in the ICU messages
 * (issue 44 removed the English count/noun/plural helpers that were here). Nothing else in the renderer writes "(s)", calls
 * toLocaleString or pads a date by hand.
 *
 * Words themselves come from the message files (./index.ts, `t`); a plural belongs in a message
 * (`{n, plural, one {# link} other {# links}}`), where each language has its own forms. The
 * number, date, relative-time and duration formatters here are what messages take as arguments.
 */
import { formatList as formatListIn, type ListType } from '../../../electron/shared/i18n/lists.js';

/** The person's locale: the browser's (the Electron shell passes the OS locale to Chromium). */
export function currentLocale(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return nav?.languages?.[0] ?? nav?.language ?? 'en';
}

let locale = currentLocale();
/** Formatters are costly to make and used on every row: one per locale and options. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  const k = `${locale}|${key}`;
  let f = cache.get(k) as T | undefined;
  if (!f) {
    f = make();
    cache.set(k, f);
  }
  return f;
}

/** Called by setAppLocale (./index.ts): every formatter after this uses `next`. */
export function setLocale(next: string): void {
  locale = next;
}

export function getLocale(): string {
  return locale;
}

/** 1,234 (en), 1.234 (de), 1 234 (fr). */
export function formatNumber(n: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(`n${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(n);
}

/** "12%" from 0.12. */
export function formatPercent(ratio: number, digits = 0): string {
  return formatNumber(ratio, { style: 'percent', maximumFractionDigits: digits });
}

type When = number | Date;
const toDate = (w: When) => (typeof w === 'number' ? new Date(w) : w);

/**
 * How long ago `at` was, seen from `now`, in the locale's words: "just now", "3 minutes ago",
 * "vor 3 Minuten", "il y a 2 heures", "yesterday". Whole minutes, hours, then days, as a status
 * line has room for; a time in the future (a clock ahead) reads as now.
 */
export function formatRelativeTime(at: When, now: When): string {
  const rtf = cached('rt', () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })) ;
  const seconds = Math.max(0, (+toDate(now) - +toDate(at)) / 1000);
  if (seconds < 60) return rtf.format(0, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.floor(hours / 24), 'day');
}

const DURATION_UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

/**
 * A length of time in the locale's words, in its largest whole unit ("2 hours", "45 Sekunden",
 * "1,5 s" for short ones with `short: true`); under a second in milliseconds ("350 ms").
 * Intl.NumberFormat's unit style gives each language's plural of the unit.
 */
export function formatDuration(ms: number, options: { short?: boolean } = {}): string {
  const display = options.short ? 'short' : 'long';
  const abs = Math.abs(ms);
  if (abs < 1000) return formatNumber(Math.round(ms), { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
  const [unit, size] = DURATION_UNITS.find(([, size]) => abs >= size) ?? DURATION_UNITS[3];
  const value = abs < 10_000 && unit === 'second' ? Math.round(ms / 100) / 10 : Math.round(ms / size);
  return formatNumber(value, { style: 'unit', unit, unitDisplay: display });
}

/** A moment: date and time to the minute ("Nov 28, 2026, 12:19 PM" in en-US). */
export function formatDateTime(w: When, options: { seconds?: boolean } = {}): string {
  return cached(`dt${options.seconds ? 's' : ''}`, () =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' }),
  ).format(toDate(w));
}

/** A day ("Nov 28, 2026"). */
export function formatDate(w: When): string {
  return cached('d', () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(toDate(w));
}

/** A time of day ("12:19 PM"). */
export function formatTime(w: When, options: { seconds?: boolean } = {}): string {
  return cached(`t${options.seconds ? 's' : ''}`, () => new Intl.DateTimeFormat(locale, { timeStyle: options.seconds ? 'medium' : 'short' })).format(toDate(w));
}

/** A month ("Nov 2026"). */
export function formatMonth(w: When): string {
  return cached('m', () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short' })).format(toDate(w));
}

/** A day and hour, for hourly chart steps ("Nov 28, 12 PM"). */
export function formatDayHour(w: When): string {
  return cached('dh', () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric' })).format(toDate(w));
}

/**
 * A service's date ("2026-11-28 12:19:13", zone not stated) in the person's format. The service
 * never says its zone, so the wall-clock fields are shown as written (read as local time, not
 * converted); a text that is not such a date is returned as it is.
 */
export function formatServiceDateTime(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!m) return value;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map((v) => Number(v ?? 0)) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return m[4] === undefined ? formatDate(date) : formatDateTime(date);
}

/** A list in the locale's words ("a, b and c"): the one implementation the backend's refs use too. */
export function formatList(items: readonly string[], type: ListType = 'conjunction'): string {
  return formatListIn(locale, items, type);
}
