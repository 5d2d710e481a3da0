import type { FormerClicksTotal } from '../../shared/analytics.js';
import type { Sql } from '../mirror/sqlite.js';
import { linkCondition, type LinkFilter } from './link-filter.js';

/**
 * The clicks the links had at the services they were imported from (link_origins, written by
 * imports), summed per source over the links in view. Only links still mirrored count (a deleted
 * link's old clicks go with it). Kept apart from the clicks measured here: they have no dates.
 */
export function formerClicksTotal(sql: Sql, filter: LinkFilter = null): FormerClicksTotal {
  const where = linkCondition(filter, 'o.link_id');
  const sources = sql
    .all<{ source: string; clicks: number; links: number }>(
      `SELECT o.source AS source, SUM(o.clicks) AS clicks, COUNT(*) AS links
       FROM link_origins o JOIN links l ON l.id = o.link_id
       WHERE l.id > 0 AND ${where.sql}
       GROUP BY o.source ORDER BY clicks DESC, source`,
      where.params,
    )
    .map((r) => ({ source: r.source, clicks: Number(r.clicks), links: Number(r.links) }));
  return {
    clicks: sources.reduce((n, s) => n + s.clicks, 0),
    links: sources.reduce((n, s) => n + s.links, 0),
    sources,
  };
}
