import type { Sql } from './sqlite.js';

/*
 * The compact time series of links' click totals behind the Analytics view. Lists carry every
 * link's total for free (a sync page reads up to a hundred), so each changed total is one row:
 * nothing is stored while a count stays the same.
 */

/**
 * Records a link's total as read at `at`, when it differs from its last reading (or it has
 * none). Provisional links (negative ids) have no clicks on the service yet.
 */
export function recordClickReading(sql: Sql, linkId: number, at: number, clicks: number): void {
  if (linkId <= 0) return;
  const last = sql.get<{ clicks: number }>(
    'SELECT clicks FROM click_readings WHERE link_id = ? ORDER BY at DESC, id DESC LIMIT 1',
    [linkId],
  );
  if (last && last.clicks === clicks) return;
  sql.run(
    'INSERT INTO click_readings (link_id, at, clicks, delta, first) VALUES (?, ?, ?, ?, ?)',
    [linkId, at, clicks, last ? clicks - last.clicks : clicks, last ? 0 : 1],
  );
}

/** A deleted link's clicks leave the totals: its readings go with it. */
export function forgetClickReadings(sql: Sql, linkId: number): void {
  sql.run('DELETE FROM click_readings WHERE link_id = ?', [linkId]);
}
