import type { LinkSnapshot } from '../../../electron/shared/models.js';

/** A reading's time for people, in the machine's zone (snapshots are our own Unix ms, not the service's dates). */
export function snapshotTime(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What the clicks chart shows, in one sentence for screen readers (and tests). */
export function clicksChartSummary(snapshots: readonly LinkSnapshot[]): string {
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  if (!first || !last) return 'Clicks over time: no readings yet.';
  if (snapshots.length === 1) return `Clicks over time: 1 reading on ${snapshotTime(first.at)}, ${last.clicks.toLocaleString()} clicks.`;
  return `Clicks over time: ${snapshots.length} readings from ${snapshotTime(first.at)} to ${snapshotTime(last.at)}, latest ${last.clicks.toLocaleString()}.`;
}
