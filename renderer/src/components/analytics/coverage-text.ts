import type { AnalyticsOverview, AudienceCoverage, StatsFillState } from '../../../../electron/shared/analytics.js';
import { agoText } from '../../composables/freshness.js';
import { etaText } from '../../composables/sync-text.js';
import { dayText } from '../charts/timeline-data.js';
import { count, formatNumber } from '../../i18n/format.js';

/**
 * "From the statistics of 2,340 of 10,000 links, read between 2026-03-01 and 2026-03-04.", and
 * when those statistics count fewer clicks than the page's total, how many: the figures of one
 * page must agree, or say why not (issue 28).
 */
export function coverageText(c: AudienceCoverage, counted?: { audience: number; total: number }): string {
  const base = coverageBase(c);
  if (!counted || c.withStats === 0 || counted.audience >= counted.total) return base;
  return `${base} They count ${formatNumber(counted.audience)} of the ${formatNumber(counted.total)} clicks above.`;
}

function coverageBase(c: AudienceCoverage): string {
  if (c.links === 0) return 'No links on this computer yet: they appear after the first sync.';
  if (c.withStats === 0) return `No statistics read yet: none of the ${formatNumber(c.links)} links' details have been synced to this computer.`;
  const of = `${formatNumber(c.withStats)} of ${count(c.links, 'link', 'links')}`;
  if (c.oldest === null || c.newest === null) return `From the statistics of ${of}.`;
  const when = dayText(c.oldest) === dayText(c.newest) ? `read on ${dayText(c.oldest)}` : `read between ${dayText(c.oldest)} and ${dayText(c.newest)}`;
  return `From the statistics of ${of}, ${when}.`;
}

/** What the "fill the gaps" button's line says. */
export function fillText(f: StatsFillState | null): string {
  if (!f) return '';
  if (f.left === 0) return 'Every link\'s statistics are synced to this computer.';
  // No rate limit: read without asking; the line only says it is under way.
  if (f.automatic) {
    if (!f.running) return '';
    return `Reading the statistics of ${count(f.left, 'link', 'links')} (free here: this service sets no rate limit)…`;
  }
  const requests = `${count(f.left, 'request', 'requests')} (one per link)`;
  const eta = f.etaMs === null ? '' : `, ${etaText(f.etaMs)}`;
  if (f.running) return `Reading statistics with spare budget: ${formatNumber(f.read)} read, ${requests} to go${eta}.`;
  return `${count(f.left, 'link has', 'links have')} no statistics here yet: reading them takes ${requests}${eta.replace(' left', '')} with spare budget.`;
}

/**
 * When the exact chart (counted by the service now) and the totals beside it (read by the last
 * sync) differ, how fresh each is; null when they agree, or when the range ends before now (its
 * chart then stops earlier than the totals by design). Linkdeck's own service answers the totals
 * with the chart, so this shows only where it could not (an older version, too many links).
 */
export function totalsFreshness(overview: AnalyticsOverview, rangeEndsNow: boolean, now: number): string | null {
  const t = overview.timeline;
  if (t.source !== 'service' || !rangeEndsNow) return null;
  const last = t.buckets.at(-1)?.total ?? null;
  if (last === null || last === overview.clicks) return null;
  const read = overview.syncedAt === null ? 'not read yet' : `read ${agoText(overview.syncedAt, now)}`;
  return `The chart counts ${formatNumber(last)} clicks now; the totals of the links below were ${read} and say ${formatNumber(overview.clicks)}.`;
}
