import type { AnalyticsComparison, AnalyticsOverview, AnalyticsRange, CompareItem } from '../../shared/analytics.js';
import type { Mirror } from '../mirror/mirror.js';
import { formerClicksTotal } from './former-clicks.js';
import { firstReadingAt } from './mirror-timeline.js';
import { resolveRange } from './range.js';
import { groupTotals, itemLabel, linksOf, topLinks } from './rankings.js';
import { sourcedTimeline, timelineFor, type ClicksSource } from './timeline-source.js';

const TOP = 10;

/** The Analytics view's first screen: clicks over time, top links and movers, group totals. */
export async function readOverview(mirror: Mirror, clicks: ClicksSource | null, range: AnalyticsRange): Promise<AnalyticsOverview> {
  const resolved = resolveRange(range, firstReadingAt(mirror.sql, null));
  const { timeline, ranking } = await sourcedTimeline(mirror, clicks, resolved, null, TOP);
  // Exact when the service counted them; else from the mirror's readings.
  const { top, movers } = ranking
    ? { top: linksOf(mirror.sql, ranking.top), movers: linksOf(mirror.sql, ranking.movers) }
    : topLinks(mirror.sql, resolved.from, resolved.to, TOP);
  const channels = groupTotals(mirror.sql, 'channel', resolved.from, resolved.to);
  const campaigns = groupTotals(mirror.sql, 'campaign', resolved.from, resolved.to);
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
      label: itemLabel(mirror.sql, item.kind, item.id) ?? `${item.kind} #${item.id} (not in the mirror)`,
      timeline: await timelineFor(mirror, clicks, resolved, item),
    });
  }
  return { series };
}
