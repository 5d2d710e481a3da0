import type { AnalyticsComparison, AnalyticsOverview, AnalyticsRange, CompareItem } from '../../shared/analytics.js';
import type { Mirror } from '../mirror/mirror.js';
import { formerClicksTotal } from './former-clicks.js';
import { takeTotals, totalsSince } from './fresh-totals.js';
import { firstReadingAt } from './mirror-timeline.js';
import { resolveRange } from './range.js';
import { groupTotals, itemLabel, linksOf, topLinks } from './rankings.js';
import { scanTimeline, scanTotals, takeScans } from './scans.js';
import { sourcedTimeline, timelineFor, type ClicksSource } from './timeline-source.js';

const TOP = 10;

/**
 * The Analytics view's first screen: clicks over time, top links and movers, group totals. When
 * the service counts the timeline, the totals it answers with it are taken into the mirror
 * first, so that every figure below comes from the same instant (`now`: the app's clock).
 */
export async function readOverview(
  mirror: Mirror,
  clicks: ClicksSource | null,
  range: AnalyticsRange,
  now: number = Date.now(),
): Promise<AnalyticsOverview> {
  const resolved = resolveRange(range, firstReadingAt(mirror.sql, null));
  const { timeline, ranking, totals: fresh, scans } = await sourcedTimeline(mirror, clicks, resolved, null, TOP, totalsSince(mirror));
  if (fresh) takeTotals(mirror, fresh.totals, fresh.complete, now);
  if (scans) takeScans(mirror, scans.codes);
  // Exact when the service counted them; else from the mirror's readings.
  const { top, movers } = ranking
    ? { top: linksOf(mirror.sql, ranking.top), movers: linksOf(mirror.sql, ranking.movers) }
    : topLinks(mirror.sql, resolved.from, resolved.to, TOP);
  // With every gain of the range counted by the service, groups sum those: the chart's figures.
  const gains = fresh?.complete ? new Map(fresh.totals.map((t) => [t.id, t.gained])) : undefined;
  const channels = groupTotals(mirror.sql, 'channel', resolved.from, resolved.to, gains);
  const campaigns = groupTotals(mirror.sql, 'campaign', resolved.from, resolved.to, gains);
  const totals = mirror.sql.get<{ links: number; clicks: number | null }>(
    'SELECT COUNT(*) AS links, SUM(clicks) AS clicks FROM links WHERE id > 0',
  );
  return {
    timeline,
    top,
    movers,
    channels: channels.groups,
    campaigns: campaigns.groups,
    channelUnknown: channels.unknown,
    campaignUnknown: campaigns.unknown,
    links: totals?.links ?? 0,
    clicks: Number(totals?.clicks ?? 0),
    scans: { ...scanTotals(mirror, scans), timeline: scans ? scanTimeline(scans, timeline.step, resolved) : null },
    formerClicks: formerClicksTotal(mirror.sql),
    syncedAt: mirror.syncedAt('links'),
  };
}

/** Up to five links, channels or campaigns over the same range and steps. */
export async function readComparison(
  mirror: Mirror,
  clicks: ClicksSource | null,
  range: AnalyticsRange,
  items: readonly CompareItem[],
): Promise<AnalyticsComparison> {
  const firsts = items.map((item) => firstReadingAt(mirror.sql, item)).filter((at): at is number => at !== null);
  const resolved = resolveRange(range, firsts.length ? Math.min(...firsts) : null);
  const series = [];
  for (const item of items) {
    series.push({
      item,
      label: itemLabel(mirror.sql, item.kind, item.id) ?? `${item.kind} #${item.id} (not synced to this computer)`,
      timeline: await timelineFor(mirror, clicks, resolved, item),
    });
  }
  return { series };
}
