/**
 * Types of the Analytics view: clicks over time for the whole profile (or a few links,
 * channels or campaigns), top links and movers, per channel and campaign totals, and the
 * audience (countries, referrers …) summed over the links whose statistics the mirror holds.
 */
import type { CountMap } from './models.js';

export const ANALYTICS_STEPS = ['hour', 'day', 'week', 'month'] as const;
export type AnalyticsStep = (typeof ANALYTICS_STEPS)[number];

/** A time range in unix ms. `from: null` is "all": since the first click known. */
export interface AnalyticsRange {
  from: number | null;
  to: number;
  /** Chosen from the range's length when absent (see chooseStep). */
  step?: AnalyticsStep;
  /** Minutes east of UTC of the person's clock, so that days start at their midnight. */
  utcOffsetMin?: number;
}

export interface ClickBucket {
  /** Unix ms; the bucket ends where the next starts (the last at the range's end). */
  start: number;
  /** The clicks of every link counted, at the bucket's end; null before anything was read. */
  total: number | null;
  /** Clicks gained within the bucket. */
  gained: number;
}

/**
 * Clicks over time. 'service': counted by the service from its click rows (an extension of the
 * spec the local service offers: exact). 'mirror': from the click totals the sync read (each
 * change lands at the time it was read, so it is as fine as the syncs were frequent).
 */
export interface ClickTimeline {
  step: AnalyticsStep;
  from: number;
  to: number;
  buckets: ClickBucket[];
  source: 'service' | 'mirror';
  /** Mirror: when the first total was read (clicks before it are counted there, not as gained). */
  watchedSince: number | null;
}

export interface AnalyticsLink {
  id: number;
  alias: string;
  shortUrl: string;
  longUrl: string;
  title: string;
  clicks: number;
  /** Clicks gained in the range. */
  gained: number;
  /** Clicks gained in the period of the same length before it (movers). */
  before: number;
}

export interface GroupTotal {
  /** Null: links in no channel (or campaign). */
  id: number | null;
  name: string;
  links: number;
  clicks: number;
  gained: number;
}

export interface AnalyticsOverview {
  timeline: ClickTimeline;
  /** Most clicks gained in the range. */
  top: AnalyticsLink[];
  /** Most gained compared with the period before. */
  movers: AnalyticsLink[];
  channels: GroupTotal[];
  campaigns: GroupTotal[];
  /** Links whose channel (campaign) the mirror does not know yet (only details tell). */
  channelUnknown: number;
  campaignUnknown: number;
  /** Links listed, and their clicks (QR codes' hidden links are not links: analytics-counts.ts). */
  links: number;
  clicks: number;
  /** QR codes' scans, shown apart from the clicks; `timeline` where the service counts them. */
  scans: ScanFigures;
  /** Clicks counted by the services the links were imported from: a separate figure, never in the timeline. */
  formerClicks: FormerClicksTotal;
  syncedAt: number | null;
}

/** QR codes and the sum of their scans; over time only where the service counts them (null elsewhere). */
export interface ScanFigures {
  codes: number;
  scans: number;
  timeline: ClickTimeline | null;
}

/**
 * "Clicks before the move": the click counts imported links had at their old service (kept in
 * link_origins). They have no dates, so they are one total (per source), not spread over days.
 */
export interface FormerClicksTotal {
  clicks: number;
  /** Links that carry such a count. */
  links: number;
  /** Per source ("Bitly export"), most clicks first. */
  sources: { source: string; clicks: number; links: number }[];
}

export type CompareKind = 'link' | 'channel' | 'campaign';
export interface CompareItem {
  kind: CompareKind;
  id: number;
}
export const COMPARE_MAX = 5;

export interface CompareSeries {
  item: CompareItem;
  label: string;
  timeline: ClickTimeline;
}

export interface AnalyticsComparison {
  series: CompareSeries[];
}

export interface AudienceCoverage {
  /** Links mirrored (provisional ones left out). */
  links: number;
  /** Links whose statistics (details) the mirror holds. */
  withStats: number;
  /** When the oldest and newest of those statistics were read. */
  oldest: number | null;
  newest: number | null;
}

export interface AnalyticsAudience {
  coverage: AudienceCoverage;
  /** Sum of the clicks those statistics count. */
  clicks: number;
  countries: CountMap;
  referrers: CountMap;
  browsers: CountMap;
  os: CountMap;
  social: CountMap;
}

/** Reading the statistics of the links the mirror lacks, with spare budget. */
export interface StatsFillState {
  running: boolean;
  /** Links still without statistics. */
  left: number;
  /** Read by this run. */
  read: number;
  /** From the rate budget, at background priority; null when nothing is left. */
  etaMs: number | null;
  /** Why the last run stopped early, in words. */
  error: string | null;
  /**
   * The profile has no rate limit: the fill runs by itself whenever links are left (also for
   * statistics read before a link's latest clicks), and the view offers no button.
   */
  automatic: boolean;
}
