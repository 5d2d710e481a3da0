import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatServiceDateTime,
  getLocale,
  setLocale,
} from '../../../renderer/src/i18n/format.js';

/* Issue 37, item 7: one plural rule and one number and date format, the person's locale's. */

const before = getLocale();
afterEach(() => setLocale(before));
const at = new Date(2026, 10, 28, 12, 19, 13);

describe('the formatting module', () => {
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
