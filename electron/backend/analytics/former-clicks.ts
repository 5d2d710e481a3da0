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
       WHERE l.id > 0 AND o.clicks IS NOT NULL AND ${where.sql}
       GROUP BY o.source ORDER BY clicks DESC, source`,
      where.params,
    )
    .map((r) => ({ source: r.source, clicks: Number(r.clicks), links: Number(r.links) }));
  // A link imported from two sources has two counts but is one link.
  const links = sql.get<{ n: number }>(
    `SELECT COUNT(DISTINCT o.link_id) AS n FROM link_origins o JOIN links l ON l.id = o.link_id WHERE l.id > 0 AND o.clicks IS NOT NULL AND ${where.sql}`,
    where.params,
  );
  return {
    clicks: sources.reduce((n, s) => n + s.clicks, 0),
    links: Number(links?.n ?? 0),
    sources,
  };
}
