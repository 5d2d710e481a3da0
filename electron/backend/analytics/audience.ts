import type { AnalyticsAudience } from '../../shared/analytics.js';
import type { CountMap } from '../../shared/models.js';
import type { Sql } from '../mirror/sqlite.js';

/*
 * Countries, referrers, browsers, operating systems and social networks summed over the links
 * whose details the mirror holds (each link's last details read), with how many links that is
 * and when those reads were made: the view says plainly what it knows.
 */

const FIELDS = {
  countries: 'topCountries',
  referrers: 'topReferrers',
  browsers: 'topBrowsers',
  os: 'topOs',
  social: 'socialCount',
} as const;

/**
 * The last details snapshot of every link read (storeLinkDetails writes it at details_at).
 * CROSS JOIN keeps links outside: otherwise SQLite may walk every snapshot (a list reading per
 * changed count: hundreds of thousands) instead of looking up one per link read.
 */
const LATEST = `SELECT s.stats FROM links l CROSS JOIN link_snapshots s
  ON s.link_id = l.id AND s.source = 'details' AND s.at = l.details_at
  WHERE l.id > 0 AND l.details_at IS NOT NULL AND s.stats IS NOT NULL`;

function sumOf(sql: Sql, field: string): CountMap {
  const rows = sql.all<{ key: string; n: number }>(
    `SELECT j.key AS key, SUM(j.value) AS n FROM (${LATEST}) x, json_each(x.stats, '$.${field}') j
     WHERE j.type IN ('integer', 'real') GROUP BY j.key ORDER BY n DESC`,
  );
  const out: CountMap = {};
  for (const r of rows) out[r.key] = Number(r.n);
  return out;
}

export function readAudience(sql: Sql): AnalyticsAudience {
  const cov = sql.get<{ links: number; with_stats: number; oldest: number | null; newest: number | null }>(
    `SELECT COUNT(*) AS links, COUNT(details_at) AS with_stats, MIN(details_at) AS oldest, MAX(details_at) AS newest
     FROM links WHERE id > 0`,
  );
  const clicks = sql.get<{ n: number | null }>(
    `SELECT SUM(json_extract(x.stats, '$.clicks')) AS n FROM (${LATEST}) x`,
  );
  return {
    coverage: {
      links: cov?.links ?? 0,
      withStats: cov?.with_stats ?? 0,
      oldest: cov?.oldest ?? null,
      newest: cov?.newest ?? null,
    },
    clicks: Number(clicks?.n ?? 0),
    countries: sumOf(sql, FIELDS.countries),
    referrers: sumOf(sql, FIELDS.referrers),
    browsers: sumOf(sql, FIELDS.browsers),
    os: sumOf(sql, FIELDS.os),
    social: sumOf(sql, FIELDS.social),
  };
}
