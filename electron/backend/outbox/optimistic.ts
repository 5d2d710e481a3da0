import { failedMarkText } from './failed-mark.js';
import type {
  Campaign,
  Channel,
  Domain,
  LinkSaved,
  PendingKind,
  Pixel,
  QrSaved,
} from '../../shared/models.js';
import { domainAddress } from '../api/domains.js';
import { aliasOf } from '../api/schema-kit.js';
import {
  CAMPAIGNS,
  CHANNELS,
  DOMAINS,
  forgetCampaign,
  forgetChannel,
  PIXELS,
} from '../mirror/collections.js';
import { hostOf, serviceDate } from '../mirror/dates.js';
import { freeRank } from '../mirror/link-rank.js';
import { forgetLink, setLinkChannel } from '../mirror/link-writes.js';
import { applyQrAnswer, applyQrPending, forgetQr, putQrInChannel } from '../mirror/qr-codes.js';
import type { Sql, SqlValue } from '../mirror/sqlite.js';
import { recordConfirmedLinkFields } from './link-fields.js';
import { settleLink, settleRow } from './settle-rows.js';
import { TARGET_TABLE, type TargetKind } from './ops.js';
import { opsOn, type StoredOp } from './outbox-store.js';

/*
 * What the mirror shows of the outbox: a change appears at once (a pending create as a
 * provisional object with a negative id; an update with the user's values; every object marked
 * pending or failed), and takes the service's answer when it comes. All of it runs inside the
 * outbox's own transactions.
 */

/** The answer of a successful operation, as the API client gave it. */
export type OpAnswer =
  | LinkSaved
  | Channel
  | Campaign
  | Domain
  | Pixel
  | QrSaved
  | { message: string }
  | null;

const pendingKindOf = (op: StoredOp): PendingKind =>
  op.mutation.kind.endsWith('.create')
    ? 'create'
    : op.mutation.kind.endsWith('.delete')
      ? 'delete'
      : 'update';

/**
 * Recomputes an object's marks from the operations on it: pending is the newest unrefused
 * change ('create' for as long as the object is provisional); failed is the newest refusal's
 * message.
 */
export function refreshMarks(sql: Sql, kind: TargetKind, id: number): void {
  const ops = opsOn(sql, kind, id);
  const failed = ops.filter((o) => o.state === 'failed').at(-1);
  const live = ops.filter((o) => o.state !== 'failed').at(-1);
  // A provisional object exists only here until its create is confirmed: pending 'create'.
  const pending = id < 0 ? 'create' : live ? pendingKindOf(live) : null;
  // The mark keeps the refusal's key when it has one (failed-mark.ts): the Links list words it.
  const message = failed ? failedMarkText(failed.lastError) : null;
  sql.run(`UPDATE ${TARGET_TABLE[kind]} SET pending = ?, failed = ?, op_id = ? WHERE id = ?`, [
    pending,
    message,
    failed?.opId ?? live?.opId ?? null,
    id,
  ]);
}

const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);

/** Shows a queued operation in the mirror (run in the transaction that queued it). */
export function applyPending(sql: Sql, op: StoredOp, now: number, serviceHost: string): void {
  const m = op.mutation;
  const pid = op.provisionalId ?? 0;
  switch (m.kind) {
    case 'link.create': {
      const i = m.input;
      const date = serviceDate(now);
      sql.run(
        `INSERT INTO links (id, rank, alias, long_url, title, description, date, domain, channel_id, channel_known,
           campaign_id, campaign_known, status, password, expiry, expiry_known, stored_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, 1, ?, ?, ?, 1, ?)`,
        [
          pid,
          freeRank(sql, date, pid),
          i.custom ?? '',
          i.url,
          i.metaTitle ?? '',
          i.description ?? '',
          date,
          (i.domain ? hostOf(i.domain) : '') || serviceHost,
          i.channel ?? null,
          i.campaign ?? null,
          i.status ?? 'private',
          i.password ? 1 : 0,
          i.expiry || null,
          now,
        ],
      );
      if (i.channel !== undefined) setLinkChannel(sql, pid, i.channel, now);
      break;
    }
    case 'link.update': {
      const i = m.input;
      const sets: string[] = ['long_url = ?'];
      const params: SqlValue[] = [i.url];
      const set = (column: string, value: SqlValue) => {
        sets.push(column);
        params.push(value);
      };
      if (i.custom !== undefined) set('alias = ?', i.custom);
      // The service derives the title from the meta title; without one, the title stays.
      if (i.metaTitle) set('title = ?', i.metaTitle);
      if (i.description !== undefined) set('description = ?', i.description);
      if (i.domain !== undefined) set('domain = ?', hostOf(i.domain) || serviceHost);
      if (i.expiry !== undefined) set('expiry = ?, expiry_known = 1', i.expiry || null);
      if (i.password !== undefined) set('password = ?', i.password ? 1 : 0);
      if (i.campaign !== undefined) set('campaign_id = ?, campaign_known = 1', i.campaign);
      sql.run(`UPDATE links SET ${sets.join(', ')} WHERE id = ?`, [...params, m.id]);
      if (i.channel !== undefined) setLinkChannel(sql, m.id, i.channel, now);
      break;
    }
    case 'channel.create': {
      const i = m.input;
      sql.run(
        `INSERT INTO channels (id, name, description, color, starred, stored_at) VALUES (?, ?, ?, ?, ?, ?)`,
        [pid, i.name, i.description ?? '', i.color ?? '', i.starred ? 1 : 0, now],
      );
      break;
    }
    case 'channel.update': {
      const i = m.input;
      sql.run(
        `UPDATE channels SET name = COALESCE(?, name), description = COALESCE(?, description),
           color = COALESCE(?, color), starred = COALESCE(?, starred) WHERE id = ?`,
        [i.name ?? null, i.description ?? null, i.color ?? null, flag(i.starred), m.id],
      );
      break;
    }
    case 'channel.assign':
      if (m.type === 'links') setLinkChannel(sql, m.itemId, m.channelId, now);
      if (m.type === 'qr') putQrInChannel(sql, m.itemId, m.channelId, now);
      break;
    case 'qr.create':
    case 'qr.update':
    case 'qr.delete':
      applyQrPending(sql, m, pid, now);
      break;
    case 'campaign.create': {
      const i = m.input;
      sql.run(`INSERT INTO campaigns (id, name, public, stored_at) VALUES (?, ?, ?, ?)`, [
        pid,
        i.name ?? '',
        i.public ? 1 : 0,
        now,
      ]);
      break;
    }
    case 'campaign.update': {
      const i = m.input;
      sql.run('UPDATE campaigns SET name = ?, public = COALESCE(?, public) WHERE id = ?', [
        i.name,
        flag(i.public),
        m.id,
      ]);
      break;
    }
    case 'campaign.assign':
      sql.run('UPDATE links SET campaign_id = ?, campaign_known = 1 WHERE id = ?', [
        m.campaignId,
        m.linkId,
      ]);
      break;
    case 'domain.create': {
      const i = m.input;
      sql.run(
        `INSERT INTO domains (id, domain, host, redirect_root, redirect_404, stored_at) VALUES (?, ?, ?, ?, ?, ?)`,
        [pid, domainAddress(i.domain), hostOf(i.domain), i.redirectRoot ?? '', i.redirect404 ?? '', now],
      );
      break;
    }
    case 'domain.update': {
      const i = m.input;
      sql.run(
        `UPDATE domains SET redirect_root = COALESCE(?, redirect_root), redirect_404 = COALESCE(?, redirect_404)
         WHERE id = ?`,
        [i.redirectRoot ?? null, i.redirect404 ?? null, m.id],
      );
      break;
    }
    case 'pixel.create': {
      const i = m.input;
      sql.run(
        `INSERT INTO pixels (id, type, name, tag, date, stored_at) VALUES (?, ?, ?, ?, ?, ?)`,
        [pid, i.type, i.name, i.tag, serviceDate(now), now],
      );
      break;
    }
    case 'pixel.update':
      sql.run('UPDATE pixels SET name = ?, tag = ? WHERE id = ?', [m.input.name, m.input.tag, m.id]);
      break;
    case 'link.delete':
    case 'channel.delete':
    case 'campaign.delete':
    case 'domain.delete':
    case 'pixel.delete':
      break;
  }
  if (op.target) refreshMarks(sql, op.target.kind, op.target.id);
}

/**
 * The mirror takes the service's answer to an operation (run in the transaction that settles
 * it). `resolve` gives the service's id for a provisional one (ids of other objects the
 * operation names).
 */
export function applyAnswer(
  sql: Sql,
  op: StoredOp,
  answer: OpAnswer,
  now: number,
  resolve: (id: number) => number = (id) => id,
): void {
  const m = op.mutation;
  const pid = op.provisionalId ?? 0;
  recordConfirmedLinkFields(sql, m, answer, now, resolve);
  switch (m.kind) {
    case 'link.create':
      settleLink(sql, pid, answer as LinkSaved, now);
      break;
    case 'link.update': {
      const saved = answer as LinkSaved;
      sql.run(
        `UPDATE links SET short_url = ?, alias = ?, domain = ?,
           details_at = CASE WHEN details_at IS NULL THEN NULL ELSE 0 END WHERE id = ?`,
        [saved.shortUrl, aliasOf(saved.shortUrl), hostOf(saved.shortUrl), m.id],
      );
      break;
    }
    case 'link.delete':
      forgetLink(sql, m.id);
      break;
    case 'channel.create': {
      const c = answer as Channel;
      settleRow(sql, 'channels', CHANNELS.columns, CHANNELS.values(c), pid, c.id);
      sql.run('UPDATE links SET channel_id = ? WHERE channel_id = ?', [c.id, pid]);
      sql.run('UPDATE channel_items SET channel_id = ? WHERE channel_id = ?', [c.id, pid]);
      break;
    }
    case 'channel.delete':
      forgetChannel(sql, m.id);
      break;
    case 'campaign.create': {
      const c = answer as Campaign;
      settleRow(sql, 'campaigns', CAMPAIGNS.columns, CAMPAIGNS.values(c), pid, c.id);
      sql.run('UPDATE links SET campaign_id = ? WHERE campaign_id = ?', [c.id, pid]);
      break;
    }
    case 'campaign.update': {
      const c = answer as Campaign;
      sql.run(
        `UPDATE campaigns SET ${CAMPAIGNS.columns.map((col) => `${col} = ?`).join(', ')} WHERE id = ?`,
        [...CAMPAIGNS.values(c), m.id],
      );
      break;
    }
    case 'campaign.delete':
      forgetCampaign(sql, m.id);
      break;
    case 'domain.create': {
      const d = answer as Domain;
      settleRow(sql, 'domains', DOMAINS.columns, DOMAINS.values(d), pid, d.id);
      break;
    }
    case 'domain.delete':
      sql.run('DELETE FROM domains WHERE id = ?', [m.id]);
      break;
    case 'pixel.update': {
      // The name and tag the service holds (it may store the tag in a canonical form).
      const saved = answer as { name?: unknown; tag?: unknown } | null;
      sql.run(
        `UPDATE pixels SET name = COALESCE(NULLIF(?, ''), name), tag = COALESCE(NULLIF(?, ''), tag)
         WHERE id = ?`,
        [
          typeof saved?.name === 'string' ? saved.name : '',
          typeof saved?.tag === 'string' ? saved.tag : '',
          m.id,
        ],
      );
      break;
    }
    case 'pixel.delete':
      sql.run('DELETE FROM pixels WHERE id = ?', [m.id]);
      break;
    case 'pixel.create': {
      const p = answer as Pixel;
      settleRow(
        sql,
        'pixels',
        PIXELS.columns,
        PIXELS.values({ ...p, date: p.date || serviceDate(now) }),
        pid,
        p.id,
      );
      break;
    }
    // Confirmed: what the assignment showed is now the service's state (under real ids).
    case 'channel.assign':
      if (m.type === 'links') setLinkChannel(sql, resolve(m.itemId), resolve(m.channelId), now);
      if (m.type === 'qr') putQrInChannel(sql, resolve(m.itemId), resolve(m.channelId), now);
      break;
    case 'qr.create':
    case 'qr.update':
    case 'qr.delete':
      applyQrAnswer(sql, m, answer, pid);
      break;
    case 'campaign.assign':
      sql.run('UPDATE links SET campaign_id = ?, campaign_known = 1 WHERE id = ?', [
        resolve(m.campaignId),
        resolve(m.linkId),
      ]);
      break;
    case 'channel.update':
    case 'domain.update':
      break;
  }
}

/** Removes only a provisional object's own row (its create is being edited and shown again). */
export function dropProvisionalRow(sql: Sql, kind: TargetKind, provisionalId: number): void {
  sql.run(`DELETE FROM ${TARGET_TABLE[kind]} WHERE id = ?`, [provisionalId]);
  if (kind === 'link')
    sql.run(`DELETE FROM channel_items WHERE type = 'links' AND item_id = ?`, [provisionalId]);
}

/** Removes what a discarded create showed (its provisional object). */
export function removeProvisional(sql: Sql, kind: TargetKind, provisionalId: number): void {
  switch (kind) {
    case 'link':
      forgetLink(sql, provisionalId);
      break;
    case 'channel':
      forgetChannel(sql, provisionalId);
      break;
    case 'campaign':
      forgetCampaign(sql, provisionalId);
      break;
    case 'qr':
      forgetQr(sql, provisionalId);
      break;
    default:
      sql.run(`DELETE FROM ${TARGET_TABLE[kind]} WHERE id = ?`, [provisionalId]);
  }
}
