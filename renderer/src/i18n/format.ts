/*
 * The one place that turns numbers, counts and times into words (issue 37, item 7): plurals by
 * the locale's rules (Intl.PluralRules), numbers and dates in the person's locale
 * (Intl.NumberFormat, Intl.DateTimeFormat). Nothing else in the renderer writes "(s)", calls
 * toLocaleString or pads a date by hand.
 *
 * Shaped for a later move to vue-i18n message files (issue 44): a plural is a set of forms keyed
 * by the CLDR categories with `{n}` for the number, exactly as a vue-i18n message with a named
 * `n` argument, so moving a call to `t('links', { n }, n)` changes the call, not the words.
 */

/** The person's locale: the browser's (the Electron shell passes the OS locale to Chromium). */
export function currentLocale(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return nav?.languages?.[0] ?? nav?.language ?? 'en';
}

let locale = currentLocale();
/** Formatters are costly to make and used on every row: one per locale and options. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  const k = `${locale}|${key}`;
  let f = cache.get(k) as T | undefined;
  if (!f) {
    f = make();
    cache.set(k, f);
  }
  return f;
}

/** For tests and a later locale switch: every formatter after this uses `next`. */
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

/** The CLDR plural forms of one message; `other` is the only one every locale has. */
export type PluralForms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/**
 * The form of `forms` that the locale's plural rules choose for `n`, with `{n}` replaced by the
 * number as the locale writes it: plural(2, { one: '{n} link', other: '{n} links' }) → "2 links".
 * Forms with `zero` use it for 0 in every locale (as vue-i18n's "none | one | many" does).
 */
export function plural(n: number, forms: PluralForms): string {
  const rule = cached('p', () => new Intl.PluralRules(locale)).select(n);
  const chosen = (n === 0 && forms.zero !== undefined ? forms.zero : forms[rule]) ?? forms.other;
  return chosen.replaceAll('{n}', formatNumber(n));
}

/** "1 link", "2 links": the usual English count of a noun with a regular plural. */
export function count(n: number, one: string, other = `${one}s`): string {
  return plural(n, { one: `{n} ${one}`, other: `{n} ${other}` });
}

/** Just the noun, agreeing with n ("link" / "links"), for sentences that write the number apart. */
export function noun(n: number, one: string, other = `${one}s`): string {
  return plural(n, { one, other });
}

type When = number | Date;
const at = (w: When) => (typeof w === 'number' ? new Date(w) : w);

/** A moment: date and time to the minute ("Nov 28, 2026, 12:19 PM" in en-US). */
export function formatDateTime(w: When, options: { seconds?: boolean } = {}): string {
  return cached(`dt${options.seconds ? 's' : ''}`, () =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' }),
  ).format(at(w));
}

/** A day ("Nov 28, 2026"). */
export function formatDate(w: When): string {
  return cached('d', () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(at(w));
}

/** A time of day ("12:19 PM"). */
export function formatTime(w: When, options: { seconds?: boolean } = {}): string {
  return cached(`t${options.seconds ? 's' : ''}`, () => new Intl.DateTimeFormat(locale, { timeStyle: options.seconds ? 'medium' : 'short' })).format(at(w));
}

/** A month ("Nov 2026"). */
export function formatMonth(w: When): string {
  return cached('m', () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short' })).format(at(w));
}

/** A day and hour, for hourly chart steps ("Nov 28, 12 PM"). */
export function formatDayHour(w: When): string {
  return cached('dh', () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric' })).format(at(w));
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

/** A list in the locale's words ("a, b and c"). */
export function formatList(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
}
