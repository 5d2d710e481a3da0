import type { ClickBucket, ClickTimeline } from '../../shared/analytics.js';
import { bucketIndex, bucketStarts } from '../../shared/analytics-buckets.js';
import type { Sql } from '../mirror/sqlite.js';
import { linkCondition, type LinkFilter } from './link-filter.js';
import type { ResolvedRange } from './range.js';

/** Readings are summed per quarter hour in SQL (any time zone's hours start on one). */
const GRAIN = 900_000;

/** When the mirror first read a total of the filter's links; null: never. */
export function firstReadingAt(sql: Sql, filter: LinkFilter): number | null {
  const cond = linkCondition(filter, 'link_id');
  const row = sql.get<{ at: number | null }>(
    `SELECT MIN(at) AS at FROM click_readings WHERE ${cond.sql}`,
    cond.params,
  );
  return row?.at ?? null;
}

/**
 * Clicks over time from the click readings. A bucket's total is the sum of every reading's
 * delta up to its end; its gain leaves out first readings, which hold the clicks a link had
 * before the mirror watched it (counting them would put a link's whole past on one day).
 */
export function mirrorTimeline(sql: Sql, range: ResolvedRange, filter: LinkFilter): ClickTimeline {
  const { from, to, step, offsetMin } = range;
  const starts = bucketStarts(from, to, step, offsetMin);
  const first = starts[0] as number;
  const cond = linkCondition(filter, 'link_id');
  const before = sql.get<{ n: number | null; c: number }>(
    `SELECT SUM(delta) AS n, COUNT(*) AS c FROM click_readings WHERE at < ? AND ${cond.sql}`,
    [first, ...cond.params],
  );
  const rows = sql.all<{ g: number; total: number; gained: number; c: number }>(
    `SELECT at / ${GRAIN} AS g, SUM(delta) AS total,
       SUM(CASE WHEN first = 0 THEN delta ELSE 0 END) AS gained, COUNT(*) AS c
     FROM click_readings WHERE at >= ? AND at < ? AND ${cond.sql}
     GROUP BY g ORDER BY g`,
    [first, to, ...cond.params],
  );
  const buckets: ClickBucket[] = starts.map((start) => ({ start, total: null, gained: 0 }));
  const deltas = new Array<number>(starts.length).fill(0);
  const seen = new Array<boolean>(starts.length).fill(false);
  for (const row of rows) {
    const i = bucketIndex(starts, row.g * GRAIN);
    if (i < 0) continue;
    deltas[i] = (deltas[i] as number) + row.total;
    (buckets[i] as ClickBucket).gained += row.gained;
    seen[i] = true;
  }
  let known = (before?.c ?? 0) > 0;
  let running = Number(before?.n ?? 0);
  buckets.forEach((bucket, i) => {
    running += deltas[i] as number;
    known ||= seen[i] as boolean;
    bucket.total = known ? running : null;
  });
  return { step, from, to, buckets, source: 'mirror', watchedSince: firstReadingAt(sql, filter) };
}
