import type { AnalyticsOverview, AudienceCoverage, StatsFillState } from '../../../../electron/shared/analytics.js';
import { agoText } from '../../composables/freshness.js';
import { etaText } from '../../composables/sync-text.js';
import { dayText } from '../charts/timeline-data.js';
import { t } from '../../i18n/index.js';
import { formatDuration } from '../../i18n/format.js';

/**
 * "From the statistics of 2,340 of 10,000 links, read between 2026-03-01 and 2026-03-04.", and
 * when those statistics count fewer clicks than the page's total, how many: the figures of one
 * page must agree, or say why not (issue 28).
 */
export function coverageText(c: AudienceCoverage, counted?: { audience: number; total: number }): string {
  const base = coverageBase(c);
  if (!counted || c.withStats === 0 || counted.audience >= counted.total) return base;
  return t('analytics.coverage.countedFewer', { base, audience: counted.audience, total: counted.total });
}

function coverageBase(c: AudienceCoverage): string {
  if (c.links === 0) return t('analytics.coverage.noLinks');
  if (c.withStats === 0) return t('analytics.coverage.noStats', { links: c.links });
  const of = { withStats: c.withStats, links: c.links };
  if (c.oldest === null || c.newest === null) return t('analytics.coverage.from', of);
  if (dayText(c.oldest) === dayText(c.newest)) return t('analytics.coverage.fromOn', { ...of, day: dayText(c.oldest) });
  return t('analytics.coverage.fromBetween', { ...of, first: dayText(c.oldest), last: dayText(c.newest) });
}

/** What the "fill the gaps" button's line says. */
export function fillText(f: StatsFillState | null): string {
  if (!f) return '';
  if (f.left === 0) return t('analytics.fill.allSynced');
  // No rate limit: read without asking; the line only says it is under way.
  if (f.automatic) {
    if (!f.running) return '';
    return t('analytics.fill.automatic', { left: f.left });
  }
  // etaText is "about 5 minutes left" in the person's language (sync-text.ts).
  const eta = f.etaMs === null ? null : etaText(f.etaMs);
  if (f.running) return eta === null ? t('analytics.fill.running', { read: f.read, left: f.left }) : t('analytics.fill.runningEta', { read: f.read, left: f.left, eta });
  return f.etaMs === null ? t('analytics.fill.waiting', { left: f.left }) : t('analytics.fill.waitingEta', { left: f.left, duration: formatDuration(f.etaMs, { short: true }) });
}

/**
 * When the exact chart (counted by the service now) and the totals beside it (read by the last
 * sync) differ, how fresh each is; null when they agree, or when the range ends before now (its
 * chart then stops earlier than the totals by design). Linkdeck's own service answers the totals
 * with the chart, so this shows only where it could not (an older version, too many links).
 */
export function totalsFreshness(overview: AnalyticsOverview, rangeEndsNow: boolean, now: number): string | null {
  const timeline = overview.timeline;
  if (timeline.source !== 'service' || !rangeEndsNow) return null;
  const last = timeline.buckets.at(-1)?.total ?? null;
  if (last === null || last === overview.clicks) return null;
  if (overview.syncedAt === null) return t('analytics.freshnessNotRead', { now: last, said: overview.clicks });
  return t('analytics.freshness', { now: last, ago: agoText(overview.syncedAt, now), said: overview.clicks });
}
