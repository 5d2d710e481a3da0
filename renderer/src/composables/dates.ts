import { formatServiceDateTime } from '../i18n/format.js';
import { t } from '../i18n/index.js';
/** The local service's way of saying "never" (the spec types `expires` as a datetime). */
const NEVER = /^9999-/;

/**
 * A service date (`YYYY-MM-DD HH:MM:SS`, zone unknown) for people, in their locale's format: its
 * wall-clock fields as written (converting them would claim a time zone the service never stated).
 */
export function formatServiceDate(value: unknown, empty = '—'): string {
  if (typeof value !== 'string' || !value.trim()) return empty;
  if (NEVER.test(value)) return t('links.dates.never');
  return formatServiceDateTime(value);
}
