import type { AnalyticsRange, AnalyticsStep } from '../../shared/analytics.js';
import { chooseStep } from '../../shared/analytics-buckets.js';

export interface ResolvedRange {
  from: number;
  to: number;
  step: AnalyticsStep;
  offsetMin: number;
}

const DAY = 86_400_000;

/**
 * Fills in "all" (from the first click known, or the last day when nothing is known) and the
 * step. A range that ends before it starts is refused by the router's schema already.
 */
export function resolveRange(range: AnalyticsRange, firstKnown: number | null): ResolvedRange {
  const to = range.to;
  const from = range.from ?? Math.min(firstKnown ?? to - DAY, to - 1);
  return {
    from,
    to,
    step: range.step ?? chooseStep(from, to),
    offsetMin: range.utcOffsetMin ?? 0,
  };
}
