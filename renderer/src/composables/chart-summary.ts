import type { LinkSnapshot } from '../../../electron/shared/models.js';
import { formatDateTime, formatNumber } from '../i18n/format.js';

/** A reading's time for people, in the machine's zone (snapshots are our own Unix ms, not the service's dates). */
export function snapshotTime(at: number): string {
  return formatDateTime(at);
}

/** What the clicks chart shows, in one sentence for screen readers (and tests). */
export function clicksChartSummary(snapshots: readonly LinkSnapshot[]): string {
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  if (!first || !last) return 'Clicks over time: no readings yet.';
  if (snapshots.length === 1) return `Clicks over time: 1 reading on ${snapshotTime(first.at)}, ${formatNumber(last.clicks)} clicks.`;
  return `Clicks over time: ${snapshots.length} readings from ${snapshotTime(first.at)} to ${snapshotTime(last.at)}, latest ${formatNumber(last.clicks)}.`;
}
