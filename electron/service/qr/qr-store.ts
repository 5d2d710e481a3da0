import type { StoreContext } from '../context.js';
import { isUniqueViolation } from '../database/errors.js';
import { all, engine, first, q, run, transaction, type Work } from '../database/work.js';
import { isDynamicQrType, type QrData, type QrType } from '../../shared/qr-codes.js';
import { ApiError, notFound } from '../errors.js';
import { freeRandomAliasWork } from '../links/aliases.js';

/** A QR code as stored; `linkId` is its hidden short link (dynamic types only). */
export interface StoredQr {
  id: number;
  userId: number;
  alias: string;
  name: string;
  type: QrType;
  data: QrData;
  background: string;
  foreground: string;
  logo: string;
  linkId: number | null;
  linkAlias: string | null;
  scans: number;
  channelId: number | null;
  createdAt: number;
  updatedAt: number;
}

interface QrRow {
  id: number;
  user_id: number;
  alias: string;
  name: string;
  type: string;
  data: string;
  background: string;
  foreground: string;
  logo: string;
  link_id: number | null;
  link_alias: string | null;
  clicks: number | null;
  channel_id: number | null;
  created_at: number;
  updated_at: number;
}

export const SELECT_QR = `SELECT q.id, q.user_id, q.alias, q.name, q.type, q.data, q.background, q.foreground, q.logo,
  q.link_id, l.alias AS link_alias, c.clicks, q.channel_id, q.created_at, q.updated_at
  FROM qr_codes q LEFT JOIN links l ON l.id = q.link_id LEFT JOIN link_counts c ON c.link_id = q.link_id`;

function parseData(text: string): QrData {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, string>;
  } catch {
    // A row written by hand: shown as the text it holds.
  }
  return text;
}

export function toStoredQr(r: QrRow): StoredQr {
  return {
    id: r.id,
    userId: r.user_id,
    alias: r.alias,
    name: r.name,
    type: r.type as QrType,
    data: parseData(r.data),
    background: r.background,
    foreground: r.foreground,
    logo: r.logo,
    linkId: r.link_id,
    linkAlias: r.link_alias,
    scans: r.link_id === null ? 0 : (r.clicks ?? 0),
    channelId: r.channel_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function* getOwnedQr(userId: number, id: number): Work<StoredQr> {
  const row = yield* first<QrRow>(q(`${SELECT_QR} WHERE q.id = ? AND q.user_id = ?`, id, userId));
  if (!row) throw notFound(`QR code ${id}`);
  return toStoredQr(row);
}

export function* findQrByAlias(alias: string): Work<StoredQr | undefined> {
  const row = yield* first<QrRow>(q(`${SELECT_QR} WHERE q.alias = ?`, alias));
  return row ? toStoredQr(row) : undefined;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function* listQrs(userId: number, keyword: string, limit: number, offset: number): Work<{ items: StoredQr[]; total: number }> {
  // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's ILIKE does so for every letter.
  const like = `${(yield* engine()) === 'postgres' ? 'ILIKE' : 'LIKE'} ? ESCAPE '\\'`;
  const where = keyword ? `WHERE q.user_id = ? AND (q.name ${like} OR q.data ${like})` : 'WHERE q.user_id = ?';
  const args: unknown[] = keyword ? [userId, likePattern(keyword), likePattern(keyword)] : [userId];
  const { n } = (yield* first<{ n: number }>(q(`SELECT COUNT(*) AS n FROM qr_codes q ${where}`, ...args))) as { n: number };
  const rows = yield* all<QrRow>(q(`${SELECT_QR} ${where} ORDER BY q.id DESC LIMIT ? OFFSET ?`, ...args, limit, offset));
  return { items: rows.map(toStoredQr), total: n };
}

function* aliasTaken(table: 'links' | 'qr_codes', alias: string): Work<boolean> {
  const row = yield* first(
    table === 'links' ? q('SELECT 1 AS taken FROM links WHERE domain_id = 0 AND alias = ?', alias) : q('SELECT 1 AS taken FROM qr_codes WHERE alias = ?', alias),
  );
  return row !== undefined;
}

export interface QrFields {
  name: string;
  type: QrType;
  data: QrData;
  background: string;
  foreground: string;
  logo: string;
}

/**
 * Where a dynamic code's hidden link leads: the payload itself for URLs, `mailto:`, `tel:` and
 * `sms:`; for a vCard or an event, the file the service hands out at /qr/<alias>/file.
 */
export function hiddenTarget(ctx: StoreContext, type: QrType, payload: string, alias: string): string {
  return type === 'vcard' || type === 'event' ? `${ctx.baseUrl()}/qr/${alias}/file` : payload;
}

/** Inserts a QR code (and its hidden link when the type is dynamic) in one transaction. */
export function* createQr(ctx: StoreContext, userId: number, f: QrFields, payload: string): Work<number> {
  const now = ctx.now();
  const alias = yield* freeRandomAliasWork((a) => aliasTaken('qr_codes', a));
  try {
    return yield* transaction(function* () {
      const added = (yield* first<{ id: number }>(
        q(
          `INSERT INTO qr_codes (user_id, alias, name, type, data, background, foreground, logo, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          userId, alias, f.name, f.type, JSON.stringify(f.data), f.background, f.foreground, f.logo, now, now,
        ),
      )) as { id: number };
      if (isDynamicQrType(f.type)) yield* attachHiddenLink(userId, added.id, hiddenTarget(ctx, f.type, payload, alias), f.name, now);
      return added.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(503, 'The service could not find a free alias for the QR code. Try again.');
    }
    throw error;
  }
}

function* attachHiddenLink(userId: number, qrId: number, target: string, name: string, now: number): Work<void> {
  const linkAlias = yield* freeRandomAliasWork((a) => aliasTaken('links', a));
  const link = (yield* first<{ id: number }>(
    q(
      `INSERT INTO links (user_id, domain_id, alias, long_url, title, qr_id, created_at, updated_at)
       VALUES (?, 0, ?, ?, ?, ?, ?, ?) RETURNING id`,
      userId, linkAlias, target, name, qrId, now, now,
    ),
  )) as { id: number };
  yield* run(q('UPDATE qr_codes SET link_id = ? WHERE id = ?', link.id, qrId));
}

/**
 * Applies an update. A change between a dynamic and a static type adds or removes the hidden
 * link (its scans go with it, as a deployment's would); a dynamic code keeps its hidden link,
 * so printed codes keep working, and only where it leads changes.
 */
export function* updateQr(ctx: StoreContext, cur: StoredQr, f: QrFields, payload: string): Work<number[]> {
  const now = ctx.now();
  const changedLinks: number[] = [];
  yield* transaction(function* () {
    yield* run(
      q(
        `UPDATE qr_codes SET name = ?, type = ?, data = ?, background = ?, foreground = ?, logo = ?, updated_at = ? WHERE id = ?`,
        f.name, f.type, JSON.stringify(f.data), f.background, f.foreground, f.logo, now, cur.id,
      ),
    );
    const dynamic = isDynamicQrType(f.type);
    if (dynamic && cur.linkId !== null) {
      yield* run(q('UPDATE links SET long_url = ?, title = ?, updated_at = ? WHERE id = ?', hiddenTarget(ctx, f.type, payload, cur.alias), f.name, now, cur.linkId));
      changedLinks.push(cur.linkId);
    } else if (dynamic) {
      yield* attachHiddenLink(cur.userId, cur.id, hiddenTarget(ctx, f.type, payload, cur.alias), f.name, now);
    } else if (cur.linkId !== null) {
      yield* run(q('UPDATE qr_codes SET link_id = NULL WHERE id = ?', cur.id));
      yield* run(q('DELETE FROM links WHERE id = ?', cur.linkId));
      changedLinks.push(cur.linkId);
    }
  });
  return changedLinks;
}

/** Deletes the QR code and its hidden link (with the link's clicks). */
export function* deleteQr(cur: StoredQr): Work<void> {
  yield* transaction(function* () {
    yield* run(q('DELETE FROM qr_codes WHERE id = ?', cur.id));
    if (cur.linkId !== null) yield* run(q('DELETE FROM links WHERE id = ?', cur.linkId));
  });
}
