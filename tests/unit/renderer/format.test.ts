import { afterEach, describe, expect, it } from 'vitest';
import {
  count,
  formatDate,
  formatDateTime,
  formatNumber,
  formatServiceDateTime,
  getLocale,
  noun,
  plural,
  setLocale,
} from '../../../renderer/src/i18n/format.js';

/* Issue 37, item 7: one plural rule and one number and date format, the person's locale's. */

const before = getLocale();
afterEach(() => setLocale(before));
const at = new Date(2026, 10, 28, 12, 19, 13);

describe('the formatting module', () => {
  it('counts with the locale\'s plural rules, never "(s)"', () => {
    setLocale('en-US');
    expect([count(0, 'line'), count(1, 'line'), count(2, 'row'), count(1234, 'link')]).toEqual(['0 lines', '1 line', '2 rows', '1,234 links']);
    expect(count(1, 'alias is', 'aliases are')).toBe('1 alias is');
    expect(noun(3, 'it is', 'they are')).toBe('they are');
    expect(plural(0, { zero: 'None', one: '{n} link', other: '{n} links' })).toBe('None');
    // A locale whose rules have more than two forms picks the right one.
    setLocale('pl');
    const forms = { one: '{n} link', few: '{n} linki', many: '{n} linków', other: '{n} linku' };
    expect([plural(1, forms), plural(3, forms), plural(5, forms)]).toEqual(['1 link', '3 linki', '5 linków']);
  });

  it('writes numbers and dates as the locale does', () => {
    setLocale('de-DE');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatDate(at)).toBe('28.11.2026');
    expect(formatDateTime(at)).toBe('28.11.2026, 12:19');
    setLocale('en-US');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatDateTime(at)).toBe('Nov 28, 2026, 12:19 PM');
  });

  it('shows a service date\'s wall clock in the same format as the app\'s own times', () => {
    setLocale('en-US');
    expect(formatServiceDateTime('2026-11-28 12:19:13')).toBe(formatDateTime(at));
    expect(formatServiceDateTime('2026-11-28')).toBe('Nov 28, 2026');
    expect(formatServiceDateTime('not a date')).toBe('not a date');
  });
});
