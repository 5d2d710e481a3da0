import type { AnalyticsStep, ClickTimeline } from '../../../../electron/shared/analytics.js';
import type { CsvValue } from '../../../../electron/shared/csv.js';
import { formatDate, formatDateTime, formatDayHour, formatList, formatMonth, formatNumber } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';

/*
 * What the clicks-over-time charts show, as words (their aria-label summaries, which the tests
 * read) and as CSV rows (their data, for a spreadsheet). Pure: no chart.js, no DOM.
 */

/** A bucket's start for people, as fine as its step (in the machine's zone and the person's locale). */
export function bucketLabel(at: number, step: AnalyticsStep): string {
  if (step === 'hour') return formatDayHour(at);
  if (step === 'month') return formatMonth(at);
  return formatDate(at);
}

export const dayText = (at: number) => formatDate(at);

export interface NamedTimeline {
  /** The series' name on screen (a link's alias, or words in the person's language). */
  label: string;
  /** Its name in CSV headers when `label` is words: exports stay the same in every language. */
  csvLabel?: string;
  timeline: ClickTimeline;
}

const gainedOf = (t: ClickTimeline) => t.buckets.reduce((n, b) => n + b.gained, 0);
const lastTotal = (t: ClickTimeline) => {
  for (let i = t.buckets.length - 1; i >= 0; i--) {
    const total = t.buckets[i]?.total;
    if (total !== null && total !== undefined) return total;
  }
  return null;
};

/** What a timeline counts: links' clicks, or QR codes' scans (shown apart: analytics-counts.ts). */
export type TimelineNoun = 'clicks' | 'scans';

/** "Clicks over time, daily from 2026-03-02 to 2026-03-04: 7 clicks in all, 6 gained in the range." */
export function totalSummary(series: readonly NamedTimeline[], noun: TimelineNoun = 'clicks'): string {
  const first = series[0]?.timeline;
  if (!first || first.buckets.length === 0) return t('charts.overTimeNothing', { noun });
  const span = t('charts.span', { step: first.step, from: dayText(first.from), to: dayText(first.to - 1) });
  if (series.length === 1) {
    const total = lastTotal(first);
    const gained = gainedOf(first);
    return total === null ? t('charts.overTimeNoTotal', { noun, span, gained }) : t('charts.overTime', { noun, span, total, gained });
  }
  const parts = series.map((s) => `${s.label} ${formatNumber(gainedOf(s.timeline))}`);
  // Counts per series are measures: the 'unit' list style (no "and" in English).
  return t('charts.gainedCompared', { noun, span, parts: formatList(parts, 'unit') });
}

/** "Clicks gained per day: 6 in all, most on 2026-03-02 (3)." */
export function gainedSummary(timeline: ClickTimeline | null, noun: TimelineNoun = 'clicks'): string {
  if (!timeline || timeline.buckets.length === 0) return t('charts.gainedNothing', { noun });
  const step = timeline.step;
  const best = timeline.buckets.reduce((a, b) => (b.gained > a.gained ? b : a));
  const sum = gainedOf(timeline);
  if (sum === 0) return t('charts.gainedNone', { noun, step });
  return t('charts.gainedPer', { noun, step, sum, when: bucketLabel(best.start, step), best: best.gained });
}

/**
 * What an empty chart says instead of drawing a scale with nothing on it (issue 28), or null
 * when it has something to draw: "No clicks yet." while no click was ever counted, "No clicks in
 * this range." when there were some before it but none within.
 */
export function emptyTimelineText(series: readonly NamedTimeline[], mode: 'total' | 'gained', noun: TimelineNoun = 'clicks'): string | null {
  const shown = mode === 'gained' ? series.slice(0, 1) : series;
  if (shown.length === 0) return null;
  const gained = shown.some((s) => gainedOf(s.timeline) > 0);
  const anyTotal = shown.some((s) => (lastTotal(s.timeline) ?? 0) > 0);
  // One series' total line is worth drawing when it holds clicks, gained or not.
  if (gained || (mode === 'total' && shown.length === 1 && anyTotal)) return null;
  return anyTotal ? t('charts.noneInRange', { noun }) : t('charts.noneYet', { noun });
}

/** One row per bucket: its start, then each series' total and gain. */
export function timelineCsvRows(series: readonly NamedTimeline[]): CsvValue[][] {
  const first = series[0]?.timeline;
  if (!first) return [['start']];
  const head: CsvValue[] = ['start'];
  for (const s of series) head.push(`${s.csvLabel ?? s.label} total`, `${s.csvLabel ?? s.label} gained`);
  const rows: CsvValue[][] = [head];
  first.buckets.forEach((bucket, i) => {
    const row: CsvValue[] = [new Date(bucket.start).toISOString()];
    for (const s of series) {
      const b = s.timeline.buckets[i];
      row.push(b?.total ?? '', b?.gained ?? 0);
    }
    rows.push(row);
  });
  return rows;
}

/** Where a timeline's numbers come from, in words under the chart. */
export function sourceNote(timeline: ClickTimeline | null): string {
  if (!timeline) return '';
  if (timeline.source === 'service') return t('charts.sourceExact');
  if (timeline.watchedSince === null) return t('charts.sourceReadingsNone');
  return t('charts.sourceReadings', { since: formatDateTime(timeline.watchedSince) });
}
