import type { LinkDetails, LinkStats, MirrorLinkQuery } from '../../shared/models.js';
import { filterClauses, searchClause, whereOf, withSearchFallback } from '../mirror/link-query.js';
import { LINK_COLUMNS, toMirrorLink, type LinkRow } from '../mirror/link-rows.js';
import type { Sql } from '../mirror/sqlite.js';

/** A link as an export writes it: everything the mirror holds about it. */
export interface ExportedLink {
  id: number;
  alias: string;
  shortUrl: string;
  longUrl: string;
  title: string;
  /** The link's note. */
  description: string;
  /** The click counter of the latest list or details read. */
  clicks: number;
  date: string;
  /** Host of the short URL. */
  domain: string;
  /** True while its create is still in the outbox (the id is provisional). */
  provisional: boolean;
  channelId: number | null;
  channelName: string | null;
  campaignId: number | null;
  campaignName: string | null;
  status: 'public' | 'private' | null;
  passwordProtected: boolean | null;
  expiry: string | null;
  expired: boolean | null;
  /** An unconfirmed change, or the service's refusal of one. */
  pending: string | null;
  failed: string | null;
  /** The last health check of the long URL. */
  health: 'ok' | 'broken' | null;
  /** ISO time of the last details read, or null when never read. */
  detailsReadAt: string | null;
  /** The last details read as the service gave them (statistics apart), or null. */
  details: Omit<LinkDetails, 'stats'> | null;
  /** The statistics of the last details read, or null. */
  lastStats: (LinkStats & { at: string }) | null;
}

/** Rows read per statement: small enough to keep memory flat, large enough to be fast. */
export const EXPORT_CHUNK = 1_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function orderOf(query: MirrorLinkQuery): string {
  const dir = (query.direction ?? 'desc') === 'asc' ? 'ASC' : 'DESC';
  switch (query.sort ?? 'date') {
    case 'clicks':
      return `l.clicks ${dir}, l.rank ${dir}`;
    case 'title':
      return `l.title COLLATE NOCASE ${dir}, l.rank ${dir}`;
    default:
      return `l.rank ${dir}`;
  }
}

/** Every id matching the query's search and filters (no window), in the query's order. */
export function matchingIds(sql: Sql, query: MirrorLinkQuery, nowText: string): number[] {
  return withSearchFallback((mode) => {
    const where = whereOf([searchClause(query.q, mode), ...filterClauses(query.filters ?? {}, nowText)]);
    const stmt = sql.db.prepare(`SELECT l.id FROM links l ${where.sql} ORDER BY ${orderOf(query)}`);
    // Plucked: 100,000 numbers, not 100,000 row objects.
    return stmt.pluck(true).all([...where.params]) as number[];
  });
}

type ExportRow = LinkRow & { details: string | null; stats_at: number | null; stats: string | null };

/**
 * The links with these ids, in this order, as export records. Channel and campaign names come
 * from the mirror's collections (a deleted channel's id stays, without a name).
 */
export function readRecords(sql: Sql, ids: readonly number[], nowText: string, names: { channels: Map<number, string>; campaigns: Map<number, string> }): ExportedLink[] {
  if (ids.length === 0) return [];
  const rows = sql.all<ExportRow>(
    `SELECT ${LINK_COLUMNS}, l.details, s.at AS stats_at, s.stats
     FROM links l LEFT JOIN link_snapshots s ON s.id = (
       SELECT x.id FROM link_snapshots x WHERE x.link_id = l.id AND x.source = 'details'
       ORDER BY x.at DESC, x.id DESC LIMIT 1)
     WHERE l.id IN (${ids.map(() => '?').join(',')})`,
    ids,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: ExportedLink[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) out.push(toRecord(row, nowText, names));
  }
  return out;
}

function toRecord(row: ExportRow, nowText: string, names: { channels: Map<number, string>; campaigns: Map<number, string> }): ExportedLink {
  const link = toMirrorLink(row, nowText);
  let details: Omit<LinkDetails, 'stats'> | null = null;
  if (row.details !== null) {
    try {
      details = JSON.parse(row.details) as Omit<LinkDetails, 'stats'>;
    } catch {
      details = null;
    }
  }
  let lastStats: ExportedLink['lastStats'] = null;
  if (row.stats !== null && row.stats_at !== null) {
    try {
      const stats = JSON.parse(row.stats) as LinkStats;
      lastStats = { at: iso(row.stats_at)!, ...stats };
    } catch {
      lastStats = null;
    }
  }
  return {
    id: link.id,
    alias: link.alias,
    shortUrl: link.shortUrl,
    longUrl: link.longUrl,
    title: link.title,
    description: link.description,
    clicks: link.clicks,
    date: link.date,
    domain: link.domain,
    provisional: link.provisional,
    channelId: link.channelId,
    channelName: link.channelId === null ? null : (names.channels.get(link.channelId) ?? null),
    campaignId: link.campaignId,
    campaignName: link.campaignId === null ? null : (names.campaigns.get(link.campaignId) ?? null),
    status: link.status,
    passwordProtected: link.passwordProtected,
    expiry: link.expiry,
    expired: link.expired,
    pending: link.pending,
    failed: link.failed,
    health: link.health ?? null,
    detailsReadAt: iso(link.detailsFetchedAt),
    details,
    lastStats,
  };
}

/** Id → name of the mirrored channels and campaigns. */
export function readNames(sql: Sql): { channels: Map<number, string>; campaigns: Map<number, string> } {
  const read = (table: 'channels' | 'campaigns') =>
    new Map(sql.all<{ id: number; name: string }>(`SELECT id, name FROM ${table}`).map((r) => [r.id, r.name]));
  return { channels: read('channels'), campaigns: read('campaigns') };
}
