import type { AnalyticsLink, GroupTotal } from '../../shared/analytics.js';
import type { Sql } from '../mirror/sqlite.js';

/*
 * Which links gained the most clicks in a range, which gained more than in the period before
 * (movers), and the totals of channels and campaigns: all from the click readings and the links
 * table, so they answer offline and cost no request.
 */

interface LinkRow {
  id: number;
  alias: string;
  short_url: string;
  long_url: string;
  title: string;
  clicks: number;
  gained: number;
  before: number;
}

const toLink = (r: LinkRow): AnalyticsLink => ({
  id: r.id,
  alias: r.alias,
  shortUrl: r.short_url,
  longUrl: r.long_url,
  title: r.title,
  clicks: r.clicks,
  gained: r.gained,
  before: r.before,
});

export function topLinks(sql: Sql, from: number, to: number, limit: number): { top: AnalyticsLink[]; movers: AnalyticsLink[] } {
  // One pass over the readings of both periods; only the links shown are read from the links table.
  const gains = sql.all<{ id: number; gained: number; before: number }>(
    `SELECT link_id AS id, SUM(CASE WHEN at >= ?1 THEN delta ELSE 0 END) AS gained,
       SUM(CASE WHEN at < ?1 THEN delta ELSE 0 END) AS before
     FROM click_readings WHERE first = 0 AND at >= ?3 AND at < ?2 GROUP BY link_id`,
    [from, to, from - (to - from)],
  );
  const top = gains
    .filter((g) => g.gained > 0)
    .sort((a, b) => b.gained - a.gained || a.id - b.id)
    .slice(0, limit);
  const movers = gains
    .filter((g) => g.gained > g.before)
    .sort((a, b) => b.gained - b.before - (a.gained - a.before) || b.gained - a.gained || a.id - b.id)
    .slice(0, limit);
  return { top: linksOf(sql, top), movers: linksOf(sql, movers) };
}

/** The mirror's links for gains the service counted (in its order; links not mirrored are left out). */
export function linksOf(sql: Sql, gains: readonly { id: number; gained: number; before: number }[]): AnalyticsLink[] {
  const out: AnalyticsLink[] = [];
  for (const g of gains) {
    const row = sql.get<Omit<LinkRow, 'gained' | 'before'>>(
      'SELECT id, alias, short_url, long_url, title, clicks FROM links WHERE id = ?',
      [g.id],
    );
    if (row) out.push(toLink({ ...row, gained: g.gained, before: g.before }));
  }
  return out;
}

/**
 * Totals per channel or campaign (links whose membership is known), biggest first. `gains`: each
 * link's clicks in the range as the service counted them (links absent gained none); without it,
 * the gains are summed from the mirror's readings.
 */
export function groupTotals(
  sql: Sql,
  kind: 'channel' | 'campaign',
  from: number,
  to: number,
  gains?: ReadonlyMap<number, number>,
): { groups: GroupTotal[]; unknown: number } {
  const field = kind === 'channel' ? 'channel_id' : 'campaign_id';
  const known = kind === 'channel' ? 'channel_known' : 'campaign_known';
  const table = kind === 'channel' ? 'channels' : 'campaigns';
  const rows = sql.all<{ id: number | null; name: string | null; links: number; clicks: number; gained: number | null }>(
    `SELECT l.${field} AS id, t.name AS name, COUNT(*) AS links, SUM(l.clicks) AS clicks, SUM(g.gained) AS gained
     FROM links l
     LEFT JOIN ${table} t ON t.id = l.${field}
     LEFT JOIN (SELECT link_id, SUM(delta) AS gained FROM click_readings
                WHERE first = 0 AND at >= ? AND at < ? GROUP BY link_id) g ON g.link_id = l.id
     WHERE l.id > 0 AND l.${known} = 1
     GROUP BY l.${field} ORDER BY clicks DESC`,
    [from, to],
  );
  const unknown = sql.count(`SELECT COUNT(*) AS n FROM links WHERE id > 0 AND ${known} = 0`);
  const counted = gains ? exactGains(sql, field, known, gains) : null;
  return {
    groups: rows.map((r) => ({
      id: r.id,
      name: r.id === null ? (kind === 'channel' ? 'No channel' : 'No campaign') : (r.name ?? `#${r.id}`),
      links: r.links,
      clicks: r.clicks,
      gained: counted ? (counted.get(r.id) ?? 0) : (r.gained ?? 0),
    })),
    unknown,
  };
}

/** The service's gains summed per group (key null: no group); only the links that gained are looked up. */
function exactGains(sql: Sql, field: string, known: string, gains: ReadonlyMap<number, number>): Map<number | null, number> {
  const out = new Map<number | null, number>();
  for (const [id, gained] of gains) {
    if (gained === 0) continue;
    const row = sql.get<{ g: number | null }>(`SELECT ${field} AS g FROM links WHERE id = ? AND ${known} = 1`, [id]);
    if (row) out.set(row.g, (out.get(row.g) ?? 0) + gained);
  }
  return out;
}

/** The label of a compared link, channel or campaign (null when the mirror does not hold it). */
export function itemLabel(sql: Sql, kind: 'link' | 'channel' | 'campaign', id: number): string | null {
  if (kind === 'link') {
    const row = sql.get<{ alias: string; short_url: string }>('SELECT alias, short_url FROM links WHERE id = ?', [id]);
    return row ? row.alias || row.short_url : null;
  }
  const row = sql.get<{ name: string }>(`SELECT name FROM ${kind === 'channel' ? 'channels' : 'campaigns'} WHERE id = ?`, [id]);
  return row?.name ?? null;
}
