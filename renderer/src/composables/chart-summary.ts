import type { LinkSnapshot } from '../../../electron/shared/models.js';
import { formatDateTime } from '../i18n/format.js';
import { t } from '../i18n/index.js';

/** A reading's time for people, in the machine's zone (snapshots are our own Unix ms, not the service's dates). */
export function snapshotTime(at: number): string {
  return formatDateTime(at);
}

/** What the clicks chart shows, in one sentence for screen readers (and tests). */
export function clicksChartSummary(snapshots: readonly LinkSnapshot[]): string {
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  if (!first || !last) return t('charts.readingsNone');
  if (snapshots.length === 1) return t('charts.readingsOne', { at: snapshotTime(first.at), clicks: last.clicks });
  return t('charts.readingsMany', { n: snapshots.length, from: snapshotTime(first.at), to: snapshotTime(last.at), clicks: last.clicks });
}
