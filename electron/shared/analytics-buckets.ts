import type { AnalyticsStep } from './analytics.js';

/*
 * Bucket boundaries of clicks over time, shared by the app (mirror series) and the local
 * service (exact series) so both cut a range the same way. Pure: no dates library needed for
 * four steps, and the person's clock is a fixed offset (DST moves a boundary by an hour).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Hourly up to two days, daily up to three months, weekly up to two years, then monthly. */
export function chooseStep(from: number, to: number): AnalyticsStep {
  const span = to - from;
  if (span <= 2 * DAY) return 'hour';
  if (span <= 92 * DAY) return 'day';
  if (span <= 731 * DAY) return 'week';
  return 'month';
}

/** The start of the bucket holding `at`, in the clock `offsetMin` minutes east of UTC. */
export function bucketStart(at: number, step: AnalyticsStep, offsetMin = 0): number {
  const shift = offsetMin * 60_000;
  const local = at + shift;
  if (step === 'hour') return Math.floor(local / HOUR) * HOUR - shift;
  const day = Math.floor(local / DAY) * DAY;
  if (step === 'day') return day - shift;
  if (step === 'week') {
    // 1970-01-01 was a Thursday; weeks start on Monday.
    const weekday = (Math.floor(local / DAY) + 3) % 7;
    return day - ((weekday + 7) % 7) * DAY - shift;
  }
  const d = new Date(local);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - shift;
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: number, step: AnalyticsStep, offsetMin = 0): number {
  if (step === 'hour') return start + HOUR;
  if (step === 'day') return start + DAY;
  if (step === 'week') return start + 7 * DAY;
  const shift = offsetMin * 60_000;
  const d = new Date(start + shift);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - shift;
}

/** At most this many buckets in a series (a chart of more cannot be read anyway). */
export const MAX_BUCKETS = 2_000;

/** The starts of the buckets covering [from, to): the first holds `from`. */
export function bucketStarts(from: number, to: number, step: AnalyticsStep, offsetMin = 0): number[] {
  const starts: number[] = [];
  for (let s = bucketStart(from, step, offsetMin); s < to && starts.length < MAX_BUCKETS; s = nextBucket(s, step, offsetMin)) {
    starts.push(s);
  }
  if (starts.length === 0) starts.push(bucketStart(from, step, offsetMin));
  return starts;
}

/** Index of the bucket holding `at` in sorted `starts` (-1 before the first). */
export function bucketIndex(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
