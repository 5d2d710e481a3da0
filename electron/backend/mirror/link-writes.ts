import type { LinkDetails, LinkSummary } from '../../shared/models.js';
import { forgetClickReadings, recordClickReading } from './click-readings.js';
import { hostOf, serviceDate } from './dates.js';
import { freeRank } from './link-rank.js';
import type { Sql } from './sqlite.js';

/*
 * Writes of the links table from what the service answered. Callers wrap them in a
 * transaction (one per page of a list), so a sync page lands whole or not at all.
 */

interface ExistingRow {
  rank: number;
  alias: string;
  short_url: string;
  long_url: string;
  title: string;
  description: string;
  date: string;
  clicks: number;
  listed_at: number | null;
  pending: string | null;
}

export interface ListedResult {
  /** Ids that were not in the mirror. */
  inserted: number[];
  /** Ids that a list of the service had shown before (incremental sync stops at these). */
  known: number[];
  /** Ids whose click count changed. */
  clicksChanged: number[];
  /** Ids whose listed fields (other than clicks) changed. */
  changed: number[];
}

/**
 * Stores list items. A row with an unconfirmed change keeps what the user changed (the list
 * shows the service's state before that change) and takes only the click count. Text columns
 * are written only when they differ: every such write re-indexes the row for search.
 */
export function storeListedLinks(
  sql: Sql,
  items: readonly LinkSummary[],
  now: number,
  sweepGen?: number,
): ListedResult {
  const result: ListedResult = { inserted: [], known: [], clicksChanged: [], changed: [] };
  for (const item of items) {
    const old = sql.get<ExistingRow>(
      `SELECT rank, alias, short_url, long_url, title, description, date, clicks, listed_at, pending
       FROM links WHERE id = ?`,
      [item.id],
    );
    const domain = hostOf(item.shortUrl);
    if (!old) {
      sql.run(
        `INSERT INTO links (id, rank, alias, short_url, long_url, clicks, title, description, date, domain,
           listed_at, stored_at, sweep_gen)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          item.id,
          freeRank(sql, item.date, item.id),
          item.alias,
          item.shortUrl,
          item.longUrl,
          item.clicks,
          item.title,
          item.description,
          item.date,
          domain,
          now,
          now,
          sweepGen ?? 0,
        ],
      );
      recordClickReading(sql, item.id, now, item.clicks);
      result.inserted.push(item.id);
      continue;
    }
    if (old.listed_at !== null) result.known.push(item.id);
    if (old.clicks !== item.clicks) {
      result.clicksChanged.push(item.id);
      recordClickReading(sql, item.id, now, item.clicks);
      // A list reading is a (click-only) point of the link's chart over time.
      if (old.listed_at !== null) {
        sql.run(
          `INSERT INTO link_snapshots (link_id, at, source, clicks) VALUES (?, ?, 'list', ?)`,
          [item.id, now, item.clicks],
        );
      }
    }
    const textChanged =
      old.pending === null &&
      (old.alias !== item.alias ||
        old.short_url !== item.shortUrl ||
        old.long_url !== item.longUrl ||
        old.title !== item.title ||
        old.description !== item.description ||
        old.date !== item.date);
    if (textChanged) {
      result.changed.push(item.id);
      sql.run(
        `UPDATE links SET rank = ?, alias = ?, short_url = ?, long_url = ?, title = ?, description = ?,
           date = ?, domain = ?, clicks = ?, listed_at = ?, sweep_gen = COALESCE(?, sweep_gen)
         WHERE id = ?`,
        [
          old.date === item.date ? old.rank : freeRank(sql, item.date, item.id),
          item.alias,
          item.shortUrl,
          item.longUrl,
          item.title,
          item.description,
          item.date,
          domain,
          item.clicks,
          now,
          sweepGen ?? null,
          item.id,
        ],
      );
    } else {
      sql.run(
        `UPDATE links SET clicks = ?, listed_at = ?, sweep_gen = COALESCE(?, sweep_gen) WHERE id = ?`,
        [item.clicks, now, sweepGen ?? null, item.id],
      );
    }
  }
  return result;
}

/** The details without their statistics, as stored (statistics go to snapshots). */
type StoredDetails = Omit<LinkDetails, 'stats'>;

/**
 * Stores a details read: the details themselves, what they tell about the filterable fields,
 * and a statistics snapshot. A row with an unconfirmed change keeps its shown fields.
 */
export function storeLinkDetails(sql: Sql, details: LinkDetails, now: number): void {
  const { stats, ...rest } = details;
  const stored: StoredDetails = rest;
  const json = JSON.stringify(stored);
  const clicks = details.clicks ?? stats.clicks;
  const old = sql.get<{ pending: string | null; date: string }>(
    'SELECT pending, date FROM links WHERE id = ?',
    [details.id],
  );
  if (!old) {
    sql.run(
      `INSERT INTO links (id, rank, alias, short_url, long_url, clicks, title, description, date, domain, stored_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        details.id,
        freeRank(sql, details.date, details.id),
        details.alias,
        details.shortUrl,
        details.longUrl,
        clicks,
        details.title,
        details.description,
        details.date,
        hostOf(details.shortUrl),
        now,
      ],
    );
  }
  recordClickReading(sql, details.id, now, clicks);
  sql.run('UPDATE links SET details = ?, details_at = ?, clicks = ? WHERE id = ?', [
    json,
    now,
    clicks,
    details.id,
  ]);
  if (old?.pending == null) {
    if (old && old.date !== details.date) {
      sql.run('UPDATE links SET rank = ? WHERE id = ?', [
        freeRank(sql, details.date, details.id),
        details.id,
      ]);
    }
    sql.run(
      `UPDATE links SET alias = ?, short_url = ?, long_url = ?, title = ?, description = ?, date = ?,
         domain = ?, expiry = ?, expiry_known = 1,
         status = COALESCE(?, status), password = COALESCE(?, password)
       WHERE id = ? AND (alias <> ? OR short_url <> ? OR long_url <> ? OR title <> ? OR description <> ?
         OR date <> ? OR expiry IS NOT ? OR expiry_known <> 1 OR status IS NOT COALESCE(?, status)
         OR password IS NOT COALESCE(?, password))`,
      [
        details.alias,
        details.shortUrl,
        details.longUrl,
        details.title,
        details.description,
        details.date,
        hostOf(details.shortUrl),
        details.expiry,
        details.status ?? null,
        details.passwordProtected === undefined ? null : details.passwordProtected ? 1 : 0,
        details.id,
        details.alias,
        details.shortUrl,
        details.longUrl,
        details.title,
        details.description,
        details.date,
        details.expiry,
        details.status ?? null,
        details.passwordProtected === undefined ? null : details.passwordProtected ? 1 : 0,
      ],
    );
    if (details.channel !== undefined) setLinkChannel(sql, details.id, details.channel, now);
    if (details.campaign !== undefined) {
      sql.run('UPDATE links SET campaign_id = ?, campaign_known = 1 WHERE id = ?', [
        details.campaign,
        details.id,
      ]);
    }
  }
  sql.run(
    `INSERT INTO link_snapshots (link_id, at, source, clicks, unique_clicks, stats)
     VALUES (?, ?, 'details', ?, ?, ?)`,
    [details.id, now, clicks, stats.uniqueClicks, JSON.stringify(stats)],
  );
}

/**
 * Puts a link in one channel (or none), in the links table and in the channel items the
 * channel views show. A link is in one channel at a time: the API's `channel` is one id.
 */
export function setLinkChannel(
  sql: Sql,
  linkId: number,
  channelId: number | null,
  now: number,
): void {
  sql.run('UPDATE links SET channel_id = ?, channel_known = 1 WHERE id = ?', [channelId, linkId]);
  sql.run(
    `DELETE FROM channel_items WHERE type = 'links' AND item_id = ? AND channel_id IS NOT ?`,
    [linkId, channelId],
  );
  if (channelId === null) return;
  const link = sql.get<{ title: string; long_url: string; short_url: string }>(
    'SELECT title, long_url, short_url FROM links WHERE id = ?',
    [linkId],
  );
  if (!link) return;
  sql.run(
    `INSERT INTO channel_items (channel_id, type, item_id, title, preview, link, date, position)
     VALUES (?, 'links', ?, ?, ?, ?, ?, -1)
     ON CONFLICT (channel_id, type, item_id) DO NOTHING`,
    [channelId, linkId, link.title, link.long_url, link.short_url, serviceDate(now).slice(0, 10)],
  );
}

/** Forgets a link (deleted on the service): its row, snapshots and channel memberships. */
export function forgetLink(sql: Sql, id: number): void {
  sql.run('DELETE FROM links WHERE id = ?', [id]);
  sql.run('DELETE FROM link_snapshots WHERE link_id = ?', [id]);
  sql.run(`DELETE FROM channel_items WHERE type = 'links' AND item_id = ?`, [id]);
  sql.run('DELETE FROM link_sent_fields WHERE link_id = ?', [id]);
  forgetClickReadings(sql, id);
}
