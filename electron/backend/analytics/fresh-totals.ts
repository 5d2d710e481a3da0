import { recordClickReading } from '../mirror/click-readings.js';
import type { Mirror } from '../mirror/mirror.js';

/*
 * The Analytics view draws the local service's exact timeline, counted at the moment it opens,
 * while its totals, top links' clicks and channel sums come from the mirror, as fresh as the
 * last sync: right after some visits the page said "0 clicks" above a chart of 12 (issue 28).
 * So the timeline request also asks for the totals of the links clicked since the mirror last
 * knew them all, and they are written into the mirror before anything is read from it: every
 * figure of the page then comes from the same instant of the service.
 */

/** Sync-state key: when (the app's clock) the mirror last took every changed total. */
export const TOTALS_AT = 'analytics:totals-at';

/**
 * Asked for a little further back than needed: the service's clock stamps the clicks, and it
 * may run behind the app's. Answering a total that did not change costs one row and no write.
 */
export const CLOCK_MARGIN_MS = 10 * 60_000;

/**
 * Since when the mirror may lack a link's clicks: the last time it took every changed total;
 * before any, the oldest of its links' last reads. Null: no link to bring up to date.
 */
export function totalsSince(mirror: Mirror): number | null {
  const taken = mirror.state<number>(TOTALS_AT);
  const oldest =
    taken ??
    mirror.sql.get<{ at: number | null }>(
      `SELECT MIN(MAX(COALESCE(listed_at, 0), COALESCE(details_at, 0), COALESCE(stored_at, 0))) AS at
       FROM links WHERE id > 0`,
    )?.at ??
    null;
  return oldest === null ? null : Math.max(0, oldest - CLOCK_MARGIN_MS);
}

/**
 * Writes the totals the service answered (links the mirror does not hold are left to the sync)
 * as read at `askedAt` (when the request left) and, when they were all answered, remembers it
 * for the next `totalsSince`. Answers how
 * many totals changed; the mirror announces a change only then.
 */
export function takeTotals(
  mirror: Mirror,
  totals: readonly { id: number; clicks: number }[],
  complete: boolean,
  askedAt: number,
): number {
  const changed: { id: number; clicks: number }[] = [];
  for (const t of totals) {
    const row = mirror.sql.get<{ clicks: number }>('SELECT clicks FROM links WHERE id = ?', [t.id]);
    if (row && row.clicks !== t.clicks) changed.push(t);
  }
  if (changed.length > 0) {
    mirror.write(['links'], () => {
      for (const t of changed) {
        recordClickReading(mirror.sql, t.id, askedAt, t.clicks);
        mirror.sql.run('UPDATE links SET clicks = ? WHERE id = ?', [t.clicks, t.id]);
      }
    });
  }
  if (complete) mirror.setState(TOTALS_AT, askedAt);
  return changed.length;
}
