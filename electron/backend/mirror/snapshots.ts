import { emptyLinkStats, type LinkDetails, type LinkSnapshot, type LinkStats } from '../../shared/models.js';
import type { Sql } from './sqlite.js';

/** Readings of a link's statistics, oldest first (the detail view charts clicks over time). */
export function readSnapshots(sql: Sql, linkId: number, limit = 1_000): LinkSnapshot[] {
  const rows = sql.all<{
    at: number;
    source: string;
    clicks: number;
    unique_clicks: number | null;
    stats: string | null;
  }>(
    `SELECT at, source, clicks, unique_clicks, stats FROM (
       SELECT id, at, source, clicks, unique_clicks, stats FROM link_snapshots
       WHERE link_id = ? ORDER BY at DESC, id DESC LIMIT ?)
     ORDER BY at, id`,
    [linkId, limit],
  );
  return rows.map((r) => ({
    at: r.at,
    clicks: r.clicks,
    uniqueClicks: r.unique_clicks,
    stats: r.stats === null ? null : (JSON.parse(r.stats) as LinkStats),
    source: r.source === 'details' ? 'details' : 'list',
  }));
}

/** The last details read of a link, with the statistics of that read; null when never read. */
export function readDetails(
  sql: Sql,
  linkId: number,
): { details: LinkDetails; fetchedAt: number } | null {
  const row = sql.get<{ details: string | null; details_at: number | null }>(
    'SELECT details, details_at FROM links WHERE id = ?',
    [linkId],
  );
  if (!row || row.details === null || row.details_at === null) return null;
  const stats = sql.get<{ stats: string | null }>(
    `SELECT stats FROM link_snapshots WHERE link_id = ? AND source = 'details'
     ORDER BY at DESC, id DESC LIMIT 1`,
    [linkId],
  );
  const empty = emptyLinkStats();
  const details = JSON.parse(row.details) as Omit<LinkDetails, 'stats'>;
  return {
    details: { ...details, stats: stats?.stats ? (JSON.parse(stats.stats) as LinkStats) : empty },
    fetchedAt: row.details_at,
  };
}
