import type { CountMap } from '../../../../electron/shared/models.js';
import { formatList, formatNumber, getLocale } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';

export type CountEntry = readonly [name: string, count: number];

/** A count map as entries, largest first, ties by name (as the service orders them). */
export function countEntries(map: CountMap | null | undefined): CountEntry[] {
  return Object.entries(map ?? {})
    .filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** "Top countries: United States 12, Germany 5." — what a chart shows, for screen readers and tests. */
export function countSummary(title: string, entries: readonly CountEntry[], empty = t('charts.noClicksYet')): string {
  const shown = entries.filter(([, n]) => n > 0);
  if (shown.length === 0) return t('charts.summary', { title, list: empty });
  // Counts are measures: the 'unit' list style ("United States 12, Germany 5" in English, "… und …" in German).
  return t('charts.summary', { title, list: formatList(shown.map(([name, n]) => `${name} ${formatNumber(n)}`), 'unit') });
}

/** "No clicks yet." from "no clicks yet": an empty chart's words as a sentence, in the locale's case rules. */
export function emptySentence(empty: string): string {
  return t('charts.sentence', { text: empty.charAt(0).toLocaleUpperCase(getLocale()) + empty.slice(1) });
}

/**
 * A long label (a referrer's address) cut in its middle for a bar chart's axis, so the axis never
 * clips it at its start (issue 37, item 5); the list and the tooltip keep it whole. 34 characters
 * fit the axis's share of the narrowest Analytics column.
 */
export function axisLabel(name: string): string {
  return name.length > 34 ? `${name.slice(0, 20)}…${name.slice(-13)}` : name;
}

/** How the service names an empty referrer or unknown value ('' or its English "Unknown"), for people. */
export function displayName(name: string): string {
  return name.trim() === '' || name === 'Unknown' ? t('charts.unknown') : name;
}
