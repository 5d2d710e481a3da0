import type { ClickTimeline } from '../../shared/analytics.js';
import type { ClicksApi, ServiceClickTimeline, ServiceLinkGain, ServiceScans } from '../api/clicks.js';
import type { Mirror } from '../mirror/mirror.js';
import type { ScheduledOptions } from '../scheduler/profile-api.js';
import type { LinkFilter } from './link-filter.js';
import { mirrorTimeline } from './mirror-timeline.js';
import { bucketsTimeline } from './scans.js';
import type { ResolvedRange } from './range.js';

/** The scheduled click-timeline call of a profile (a ProfileApi's `clicks`). */
export interface ClicksSource {
  timeline(query: Parameters<ClicksApi['timeline']>[0], options?: ScheduledOptions): Promise<ServiceClickTimeline | null>;
}

/** Sync-state key: whether the profile's service offers click timelines (asked once). */
export const OFFERS_TIMELINES = 'analytics:service-timelines';

/**
 * Clicks over time from the best source: the service's exact timeline when it offers one (the
 * local service does; the first call is the probe and its answer is remembered for the
 * profile), the mirror's readings otherwise, and whenever the service cannot be reached. Only
 * the whole account and single links have exact timelines; channels and campaigns are summed
 * from the mirror.
 */
export async function timelineFor(
  mirror: Mirror,
  clicks: ClicksSource | null,
  range: ResolvedRange,
  filter: LinkFilter,
): Promise<ClickTimeline> {
  return (await sourcedTimeline(mirror, clicks, range, filter)).timeline;
}

/** Exact gains per link in the range (and the period before), as the service counted them. */
export interface ServiceRanking {
  top: ServiceLinkGain[];
  movers: ServiceLinkGain[];
}

/** Every link clicked since `totalsSince` or the range's start: its total, its gain in the range. */
export interface ServiceTotals {
  totals: { id: number; clicks: number; gained: number }[];
  complete: boolean;
}

/**
 * As timelineFor; for the whole account, the service also names `links` top links and movers,
 * and with `totalsSince` the totals of the links clicked since then (see fresh-totals.ts).
 */
export async function sourcedTimeline(
  mirror: Mirror,
  clicks: ClicksSource | null,
  range: ResolvedRange,
  filter: LinkFilter,
  links = 0,
  totalsSince: number | null = null,
): Promise<{ timeline: ClickTimeline; ranking: ServiceRanking | null; totals: ServiceTotals | null; scans: ServiceScans | null }> {
  const fromMirror = () => ({ timeline: mirrorTimeline(mirror.sql, range, filter), ranking: null, totals: null, scans: null });
  if (!clicks || (filter !== null && filter.kind !== 'link')) return fromMirror();
  if (mirror.state<boolean>(OFFERS_TIMELINES) === false) return fromMirror();
  let answer: ServiceClickTimeline | null;
  try {
    answer = await clicks.timeline(
      {
        from: range.from,
        to: range.to,
        step: range.step,
        utcOffsetMin: range.offsetMin,
        ...(filter ? { linkId: filter.id } : links > 0 ? { links } : {}),
        ...(!filter && totalsSince !== null ? { totalsSince } : {}),
      },
      { priority: 'view' },
    );
  } catch {
    // Offline or refused: what the mirror knows still draws the chart.
    return fromMirror();
  }
  if (mirror.state<boolean>(OFFERS_TIMELINES) !== (answer !== null)) {
    mirror.setState(OFFERS_TIMELINES, answer !== null);
  }
  if (!answer) return fromMirror();
  return {
    timeline: fromService(answer, range),
    ranking: answer.top && answer.movers ? { top: answer.top, movers: answer.movers } : null,
    totals: answer.totals ? { totals: answer.totals, complete: !answer.totalsTruncated } : null,
    scans: answer.scans ?? null,
  };
}

function fromService(answer: ServiceClickTimeline, range: ResolvedRange): ClickTimeline {
  return bucketsTimeline(answer, answer.step, range);
}
