/** The local service's way of saying "never" (the spec types `expires` as a datetime). */
const NEVER = /^9999-/;

/**
 * A service date (`YYYY-MM-DD HH:MM:SS`, zone unknown) for people. Kept as the service wrote it,
 * minus the seconds: converting it would claim a time zone the service never stated.
 */
export function formatServiceDate(value: unknown, empty = '—'): string {
  if (typeof value !== 'string' || !value.trim()) return empty;
  if (NEVER.test(value)) return 'Never';
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(value);
  if (!m) return value;
  return m[2] ? `${m[1]} ${m[2]}` : (m[1] ?? value);
}
