import { msg } from '../../shared/message-ref.js';
import { z } from 'zod';
import { ANALYTICS_STEPS, type AnalyticsStep } from '../../shared/analytics.js';
import { isMissingRoute } from './not-offered.js';
import { pathId } from './paths.js';
import { int, parseAnswer } from './schema-kit.js';
import type { CallOptions, Transport } from './transport.js';

/**
 * Click timelines: an extension of the spec that the local link service offers (the spec's API
 * gives totals only). `GET /api/clicks` counts the whole account, `GET /api/url/:id/clicks` one
 * link; both take `from`, `to` (unix ms), `step` and `utcOffset` (minutes east of UTC).
 */
export interface ClickTimelineQuery {
  from: number;
  to: number;
  step: AnalyticsStep;
  utcOffsetMin: number;
  /** One link; the whole account when absent. */
  linkId?: number;
  /** Account-wide: also name this many top links and movers. */
  links?: number;
  /** Account-wide: also answer the current totals of the links clicked since then (unix ms). */
  totalsSince?: number;
}

export interface ServiceLinkGain {
  id: number;
  gained: number;
  before: number;
}

export interface ServiceClickTimeline {
  step: AnalyticsStep;
  /** Clicks before the first bucket. */
  before: number;
  buckets: { start: number; clicks: number }[];
  top?: ServiceLinkGain[];
  movers?: ServiceLinkGain[];
  /**
   * Every link clicked since `totalsSince` or the range's start: its total now and its clicks in
   * the range, read with the buckets.
   */
  totals?: { id: number; clicks: number; gained: number }[];
  /** More links were clicked than `totals` holds. */
  totalsTruncated?: boolean;
  /** Account-wide: QR codes' scans, apart from the clicks (see shared/analytics-counts.ts). */
  scans?: ServiceScans;
}

/** QR codes' scans over the same buckets, and every counting code's total now. */
export interface ServiceScans {
  before: number;
  buckets: { start: number; clicks: number }[];
  codes: { id: number; scans: number }[];
}

export interface ClicksApi {
  /**
   * The service's exact timeline. Answers null when the service has no such route (any
   * service but Linkdeck's own): the caller then uses the mirror's readings.
   */
  timeline(query: ClickTimelineQuery, options?: CallOptions): Promise<ServiceClickTimeline | null>;
}

const answer = z.object({
  clicks: z.object({
    step: z.enum(ANALYTICS_STEPS),
    before: int,
    buckets: z.array(z.object({ start: int, clicks: int })).max(10_000),
    top: z.array(z.object({ id: int, gained: int, before: int })).max(100).optional(),
    movers: z.array(z.object({ id: int, gained: int, before: int })).max(100).optional(),
    totals: z.array(z.object({ id: int, clicks: int, gained: int })).max(10_000).optional(),
    totalsTruncated: z.boolean().optional(),
    scans: z
      .object({
        before: int,
        buckets: z.array(z.object({ start: int, clicks: int })).max(10_000),
        codes: z.array(z.object({ id: int, scans: int })).max(10_000),
      })
      .optional(),
  }),
});

export function createClicksApi(t: Transport): ClicksApi {
  return {
    async timeline(query, options) {
      const what = msg('errors.doing.readClickTimelines');
      const path = query.linkId === undefined ? '/api/clicks' : `/api/url/${pathId(query.linkId, 'link')}/clicks`;
      let body: unknown;
      try {
        body = await t.request(
          {
            method: 'GET',
            path,
            query: {
              from: query.from,
              to: query.to,
              step: query.step,
              utcOffset: query.utcOffsetMin,
              links: query.links,
              totalsSince: query.totalsSince,
            },
            what,
          },
          options,
        );
      } catch (error) {
        // Any 404 (page or JSON), 405 or 501 there: the service has no such route.
        if (isMissingRoute(error, 'click timeline')) return null;
        throw error;
      }
      // A service that answers something else at that address does not offer timelines either.
      const parsed = answer.safeParse(body);
      if (!parsed.success) return null;
      const { top, movers, totals, totalsTruncated, scans, ...rest } = parseAnswer(answer, body, what).clicks;
      return {
        ...rest,
        ...(top ? { top } : {}),
        ...(movers ? { movers } : {}),
        ...(totals ? { totals } : {}),
        ...(totalsTruncated ? { totalsTruncated } : {}),
        ...(scans ? { scans } : {}),
      };
    },
  };
}
