import type { Facet, LinkFacets, MirrorLinkQuery } from '../../shared/models.js';
import {
  filterClauses,
  searchClause,
  whereOf,
  withSearchFallback,
  type SearchMode,
} from './link-query.js';
import { healthCurrent } from './link-rows.js';
import type { Sql, SqlValue } from './sqlite.js';

/*
 * Counts per filter value for the filter UI. Each facet counts the links that match the search
 * and every OTHER active filter, so each count says what picking that value would give.
 */

type Grouped = { k: number; v: SqlValue; n: number };

function grouped(
  sql: Sql,
  from: string,
  select: string,
  where: { sql: string; params: SqlValue[] },
): Grouped[] {
  return sql.all<Grouped>(
    `SELECT ${select}, COUNT(*) AS n FROM ${from} l ${where.sql} GROUP BY k, v`,
    where.params,
  );
}

/** Known values with their counts (largest first), and the unknown count. */
function facetOf<V>(rows: Grouped[], read: (v: SqlValue) => V | null): Facet<V> {
  const facet: Facet<V> = { values: [], unknown: 0 };
  for (const row of rows) {
    if (row.k === 0) facet.unknown += row.n;
    else facet.values.push({ value: read(row.v), count: row.n });
  }
  facet.values.sort((a, b) => b.count - a.count);
  return facet;
}

const asNumber = (v: SqlValue) => (v === null ? null : Number(v));
const asBoolean = (v: SqlValue) => (v === null ? null : Number(v) === 1);

export function linkFacets(
  sql: Sql,
  query: MirrorLinkQuery,
  nowText: string,
): Omit<LinkFacets, 'source' | 'syncedAt'> {
  return withSearchFallback((mode) => facetsWith(sql, query, nowText, mode));
}

function facetsWith(
  sql: Sql,
  query: MirrorLinkQuery,
  nowText: string,
  mode: SearchMode,
): Omit<LinkFacets, 'source' | 'syncedAt'> {
  const filters = query.filters ?? {};
  const search = searchClause(query.q, mode);
  // A search is run once: the columns the facets count are copied for its matches, so the
  // seven counts read a small table instead of searching (and looking rows up) seven times.
  let from = 'links';
  if (search) {
    sql.exec('DROP TABLE IF EXISTS temp.facet_rows');
    sql.run(
      `CREATE TEMP TABLE facet_rows AS SELECT l.channel_known, l.channel_id, l.campaign_known,
         l.campaign_id, l.domain, l.status, l.password, l.expiry_known, l.expiry, l.pending, l.failed,
         l.id, l.long_url
       FROM links l WHERE ${search.sql}`,
      search.params,
    );
    from = 'temp.facet_rows';
  }
  const except = (field: Parameters<typeof filterClauses>[2]) =>
    whereOf(filterClauses(filters, nowText, field));
  // Grouped by the bare columns (their indexes answer without a sort); what is unknown is
  // told apart here rather than in SQL, which would need a temporary b-tree per facet.
  const byColumn = (column: string, field: Parameters<typeof filterClauses>[2]) =>
    sql
      .all<{ v: SqlValue; n: number }>(
        `SELECT ${column} AS v, COUNT(*) AS n FROM ${from} l ${except(field).sql} GROUP BY ${column}`,
        except(field).params,
      )
      .map((r) => ({ k: 1, v: r.v, n: r.n }));

  const channel = facetOf(
    grouped(sql, from, 'l.channel_known AS k, l.channel_id AS v', except('channel')),
    asNumber,
  );
  const campaign = facetOf(
    grouped(sql, from, 'l.campaign_known AS k, l.campaign_id AS v', except('campaign')),
    asNumber,
  );
  const domain = facetOf(
    byColumn('l.domain', 'domain').map((r) => ({ ...r, k: r.v === '' ? 0 : 1 })),
    (v) => (v === null ? null : String(v)),
  );
  const status = facetOf(
    byColumn('l.status', 'status').map((r) => ({ ...r, k: r.v === null ? 0 : 1 })),
    (v) => (v === 'public' || v === 'private' ? v : null),
  );
  const password = facetOf(
    byColumn('l.password', 'password').map((r) => ({ ...r, k: r.v === null ? 0 : 1 })),
    asBoolean,
  );
  const expiredWhere = except('expired');
  const and = expiredWhere.sql === '' ? 'WHERE' : `${expiredWhere.sql} AND`;
  const countWhere = (condition: string, extra: SqlValue[] = []) =>
    sql.count(`SELECT COUNT(*) AS n FROM ${from} l ${and} ${condition}`, [
      ...expiredWhere.params,
      ...extra,
    ]);
  const expired: Facet<boolean> = {
    values: [
      {
        value: true,
        count: countWhere('l.expiry_known = 1 AND l.expiry IS NOT NULL AND l.expiry <= ?', [
          nowText,
        ]),
      },
      {
        value: false,
        count: countWhere('l.expiry_known = 1 AND (l.expiry IS NULL OR l.expiry > ?)', [nowText]),
      },
    ].filter((v) => v.count > 0),
    unknown: countWhere('l.expiry_known = 0'),
  };
  expired.values.sort((a, b) => b.count - a.count);
  const marks = except('outbox');
  const markedAnd = marks.sql === '' ? 'WHERE' : `${marks.sql} AND`;
  const pendingFailed = sql.get<{ p: number | null; f: number | null }>(
    `SELECT SUM(l.pending IS NOT NULL) AS p, SUM(l.failed IS NOT NULL) AS f FROM ${from} l
     ${markedAnd} (l.pending IS NOT NULL OR l.failed IS NOT NULL)`,
    marks.params,
  );
  const outbox: Facet<'pending' | 'failed'> = {
    values: [
      { value: 'pending', count: Number(pendingFailed?.p ?? 0) },
      { value: 'failed', count: Number(pendingFailed?.f ?? 0) },
    ],
    unknown: 0,
  };
  const health = healthFacet(sql, from, except('health'));
  return { channel, campaign, domain, status, password, expired, outbox, health };
}

/**
 * Checked links by state, and the rest as unchecked. The join starts from the smaller side:
 * the health table for the whole mirror (few links are checked, or all are), the search's
 * copied rows (which have no index on id) otherwise.
 */
function healthFacet(
  sql: Sql,
  from: string,
  where: { sql: string; params: SqlValue[] },
): Facet<'ok' | 'broken' | 'unchecked'> {
  const and = where.sql === '' ? 'WHERE' : `${where.sql} AND`;
  const join =
    from === 'links'
      ? 'link_health h CROSS JOIN links l ON l.id = h.link_id'
      : `${from} l CROSS JOIN link_health h ON h.link_id = l.id`;
  const rows = sql.all<{ state: string; n: number }>(
    `SELECT h.state AS state, COUNT(*) AS n FROM ${join} ${and} ${healthCurrent()} GROUP BY h.state`,
    where.params,
  );
  const all = sql.count(`SELECT COUNT(*) AS n FROM ${from} l ${where.sql}`, where.params);
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  const ok = count('ok');
  const broken = count('broken');
  return {
    values: [
      { value: 'broken' as const, count: broken },
      { value: 'ok' as const, count: ok },
      { value: 'unchecked' as const, count: Math.max(0, all - ok - broken) },
    ],
    unknown: 0,
  };
}
