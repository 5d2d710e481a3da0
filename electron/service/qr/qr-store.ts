import { isDynamicQrType, type QrData, type QrType } from '../../shared/qr-codes.js';
import type { ServiceContext } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import { freeRandomAlias } from '../links/aliases.js';

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
  q.link_id, l.alias AS link_alias, l.clicks, q.channel_id, q.created_at, q.updated_at
  FROM qr_codes q LEFT JOIN links l ON l.id = q.link_id`;

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

export function getOwnedQr(ctx: ServiceContext, userId: number, id: number): StoredQr {
  const row = ctx.db.prepare(`${SELECT_QR} WHERE q.id = ? AND q.user_id = ?`).get(id, userId) as QrRow | undefined;
  if (!row) throw notFound(`QR code ${id}`);
  return toStoredQr(row);
}

export function findQrByAlias(ctx: ServiceContext, alias: string): StoredQr | undefined {
  const row = ctx.db.prepare(`${SELECT_QR} WHERE q.alias = ?`).get(alias) as QrRow | undefined;
  return row ? toStoredQr(row) : undefined;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listQrs(
  ctx: ServiceContext,
  userId: number,
  q: string,
  limit: number,
  offset: number,
): { items: StoredQr[]; total: number } {
  const where = q ? `WHERE q.user_id = ? AND (q.name LIKE ? ESCAPE '\\' OR q.data LIKE ? ESCAPE '\\')` : 'WHERE q.user_id = ?';
  const args: unknown[] = q ? [userId, likePattern(q), likePattern(q)] : [userId];
  const { n } = ctx.db.prepare(`SELECT COUNT(*) AS n FROM qr_codes q ${where}`).get(...args) as { n: number };
  const rows = ctx.db
    .prepare(`${SELECT_QR} ${where} ORDER BY q.id DESC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as QrRow[];
  return { items: rows.map(toStoredQr), total: n };
}

const aliasFree = (ctx: ServiceContext, table: 'links' | 'qr_codes', alias: string) =>
  table === 'links'
    ? ctx.db.prepare('SELECT 1 AS taken FROM links WHERE domain_id = 0 AND alias = ?').get(alias) === undefined
    : ctx.db.prepare('SELECT 1 AS taken FROM qr_codes WHERE alias = ?').get(alias) === undefined;

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
export function hiddenTarget(ctx: ServiceContext, type: QrType, payload: string, alias: string): string {
  return type === 'vcard' || type === 'event' ? `${ctx.baseUrl()}/qr/${alias}/file` : payload;
}

/** Inserts a QR code (and its hidden link when the type is dynamic) in one transaction. */
export function createQr(ctx: ServiceContext, userId: number, f: QrFields, payload: string): number {
  const now = ctx.now();
  const alias = freeRandomAlias((a) => !aliasFree(ctx, 'qr_codes', a));
  const insert = ctx.db.transaction(() => {
    const { lastInsertRowid } = ctx.db
      .prepare(
        `INSERT INTO qr_codes (user_id, alias, name, type, data, background, foreground, logo, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(userId, alias, f.name, f.type, JSON.stringify(f.data), f.background, f.foreground, f.logo, now, now);
    const id = Number(lastInsertRowid);
    if (isDynamicQrType(f.type)) attachHiddenLink(ctx, userId, id, hiddenTarget(ctx, f.type, payload, alias), f.name, now);
    return id;
  });
  try {
    return insert();
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new ApiError(503, 'The service could not find a free alias for the QR code. Try again.');
    }
    throw error;
  }
}

function attachHiddenLink(ctx: ServiceContext, userId: number, qrId: number, target: string, name: string, now: number): void {
  const linkAlias = freeRandomAlias((a) => !aliasFree(ctx, 'links', a));
  const { lastInsertRowid } = ctx.db
    .prepare(
      `INSERT INTO links (user_id, domain_id, alias, long_url, title, qr_id, created_at, updated_at)
       VALUES (?, 0, ?, ?, ?, ?, ?, ?)`,
    )
    .run(userId, linkAlias, target, name, qrId, now, now);
  ctx.db.prepare('UPDATE qr_codes SET link_id = ? WHERE id = ?').run(Number(lastInsertRowid), qrId);
}

/**
 * Applies an update. A change between a dynamic and a static type adds or removes the hidden
 * link (its scans go with it, as a deployment's would); a dynamic code keeps its hidden link,
 * so printed codes keep working, and only where it leads changes.
 */
export function updateQr(ctx: ServiceContext, cur: StoredQr, f: QrFields, payload: string): number[] {
  const now = ctx.now();
  const changedLinks: number[] = [];
  ctx.db.transaction(() => {
    ctx.db
      .prepare(
        `UPDATE qr_codes SET name = ?, type = ?, data = ?, background = ?, foreground = ?, logo = ?, updated_at = ? WHERE id = ?`,
      )
      .run(f.name, f.type, JSON.stringify(f.data), f.background, f.foreground, f.logo, now, cur.id);
    const dynamic = isDynamicQrType(f.type);
    if (dynamic && cur.linkId !== null) {
      ctx.db
        .prepare('UPDATE links SET long_url = ?, title = ?, updated_at = ? WHERE id = ?')
        .run(hiddenTarget(ctx, f.type, payload, cur.alias), f.name, now, cur.linkId);
      changedLinks.push(cur.linkId);
    } else if (dynamic) {
      attachHiddenLink(ctx, cur.userId, cur.id, hiddenTarget(ctx, f.type, payload, cur.alias), f.name, now);
    } else if (cur.linkId !== null) {
      ctx.db.prepare('UPDATE qr_codes SET link_id = NULL WHERE id = ?').run(cur.id);
      ctx.db.prepare('DELETE FROM links WHERE id = ?').run(cur.linkId);
      changedLinks.push(cur.linkId);
    }
  }).immediate();
  return changedLinks;
}

/** Deletes the QR code and its hidden link (with the link's clicks). */
export function deleteQr(ctx: ServiceContext, cur: StoredQr): void {
  ctx.db.transaction(() => {
    ctx.db.prepare('DELETE FROM qr_codes WHERE id = ?').run(cur.id);
    if (cur.linkId !== null) ctx.db.prepare('DELETE FROM links WHERE id = ?').run(cur.linkId);
  }).immediate();
}
