import type { Sql } from './sqlite.js';

/*
 * A link's rank: its place in date order as one integer, newest highest. It is the search
 * index's rowid, because FTS5 returns matches in rowid order and can stop after a window: a
 * search as you type over 100,000 links then reads ~50 rows instead of sorting every match.
 *
 * rank = seconds of the date (UTC) × 2^20 + the id's low 20 bits, so links of the same second
 * keep the service's id order (up to ids a million apart within one second). Fits in 2^52.
 */

const ID_BITS = 2 ** 20;

/** Seconds since 1970 of a `YYYY-MM-DD HH:MM:SS` date (0 when it is not one). */
function seconds(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(date.trim());
  if (!m) return 0;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
}

export function rankOf(date: string, id: number): number {
  return seconds(date) * ID_BITS + (((id % ID_BITS) + ID_BITS) % ID_BITS);
}

/** The rank for a link, moved up past any other link that already holds it (ranks are unique). */
export function freeRank(sql: Sql, date: string, id: number): number {
  let rank = rankOf(date, id);
  for (;;) {
    const holder = sql.get<{ id: number }>('SELECT id FROM links WHERE rank = ?', [rank]);
    if (!holder || holder.id === id) return rank;
    rank++;
  }
}
