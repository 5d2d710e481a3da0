import type { LinkSaved } from '../../shared/models.js';
import { aliasOf } from '../api/schema-kit.js';
import { hostOf } from '../mirror/dates.js';
import { freeRank } from '../mirror/link-rank.js';
import { forgetLink } from '../mirror/link-writes.js';
import type { Sql, SqlValue } from '../mirror/sqlite.js';

/* How a confirmed create's provisional row becomes the service's object (see optimistic.ts). */

/**
 * Moves a provisional row of a small collection to the service's id with the answered fields
 * (or drops it when a sync already brought the object in under its real id).
 */
export function settleRow(
  sql: Sql,
  table: string,
  columns: readonly string[],
  values: SqlValue[],
  provisionalId: number,
  realId: number,
): void {
  const exists = sql.get(`SELECT 1 AS x FROM ${table} WHERE id = ?`, [realId]);
  const sets = columns.map((c) => `${c} = ?`).join(', ');
  if (exists) {
    sql.run(`DELETE FROM ${table} WHERE id = ?`, [provisionalId]);
    sql.run(`UPDATE ${table} SET ${sets} WHERE id = ?`, [...values, realId]);
  } else {
    sql.run(`UPDATE ${table} SET id = ?, ${sets} WHERE id = ?`, [realId, ...values, provisionalId]);
  }
}

/** A pending link's row becomes the link the service made (`saved`). */
export function settleLink(sql: Sql, provisionalId: number, saved: LinkSaved, now: number): void {
  const realId = saved.id;
  const exists = sql.get('SELECT 1 AS x FROM links WHERE id = ?', [realId]);
  if (exists) {
    // A sync brought the link in first: keep its row, with what only the create knew.
    const known = sql.get<{
      channel_id: number | null;
      campaign_id: number | null;
      status: string | null;
      password: number | null;
      expiry: string | null;
    }>('SELECT channel_id, campaign_id, status, password, expiry FROM links WHERE id = ?', [
      provisionalId,
    ]);
    forgetLink(sql, provisionalId);
    if (known) {
      sql.run(
        `UPDATE links SET
           channel_id = CASE WHEN channel_known = 1 THEN channel_id ELSE ? END, channel_known = 1,
           campaign_id = CASE WHEN campaign_known = 1 THEN campaign_id ELSE ? END, campaign_known = 1,
           status = COALESCE(status, ?), password = COALESCE(password, ?),
           expiry = CASE WHEN expiry_known = 1 THEN expiry ELSE ? END, expiry_known = 1
         WHERE id = ?`,
        [known.channel_id, known.campaign_id, known.status, known.password, known.expiry, realId],
      );
    }
  } else {
    const row = sql.get<{ date: string }>('SELECT date FROM links WHERE id = ?', [provisionalId]);
    // stored_at becomes now: the service's link is stored from this answer. Kept from the
    // enqueue, it would predate the link on the service, and a deletion sweep (or a channel
    // pass) that began in between would take the link, which it could not have listed, for
    // one it listed no more, and drop it from the mirror (links-sync.ts, finishSweep).
    sql.run(
      `UPDATE links SET id = ?, rank = ?, short_url = ?, alias = ?, domain = ?, stored_at = ?
       WHERE id = ?`,
      [
        realId,
        freeRank(sql, row?.date ?? '', realId),
        saved.shortUrl,
        aliasOf(saved.shortUrl),
        hostOf(saved.shortUrl),
        now,
        provisionalId,
      ],
    );
    sql.run(`UPDATE channel_items SET item_id = ? WHERE type = 'links' AND item_id = ?`, [
      realId,
      provisionalId,
    ]);
  }
}
