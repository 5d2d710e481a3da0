import type {
  MirrorQrDetails,
  OutboxMutation,
  QrCode,
  QrDetails,
  QrSaved,
} from '../../shared/models.js';
import type { QrData } from '../../shared/qr-codes.js';
import { readOne, type TableSpec } from './collections.js';
import { serviceDate } from './dates.js';
import type { Row, Sql } from './sqlite.js';

/*
 * QR codes in the mirror (issue 31): a small collection replaced whole by each sync, plus what
 * only the details (or this app's own create) tell: the type and what the code holds. A list
 * from the service carries neither, so a sync keeps what the mirror already knew of them.
 */

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function readContent(v: unknown): QrData | null {
  if (typeof v !== 'string' || v === '') return null;
  try {
    const parsed: unknown = JSON.parse(v);
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, string>;
  } catch {
    // Not JSON: nothing known.
  }
  return null;
}

export const QRS: TableSpec<QrCode> = {
  table: 'qr_codes',
  columns: ['name', 'link', 'scans', 'date', 'type', 'content', 'short_url'],
  values: (q) => [q.name, q.link, q.scans, q.date, q.type, q.content === null ? null : JSON.stringify(q.content), q.shortUrl],
  read: (r: Row) => ({
    id: Number(r['id']),
    name: str(r['name']),
    link: str(r['link']),
    scans: Number(r['scans'] ?? 0),
    date: str(r['date']),
    type: r['type'] == null ? null : str(r['type']),
    content: readContent(r['content']),
    shortUrl: r['short_url'] == null ? null : str(r['short_url']),
  }),
  marked: true,
};

/** The listed codes with the type and content the mirror already knew (a list has neither). */
export function withKnownContent(sql: Sql, items: readonly QrCode[]): QrCode[] {
  return items.map((item) => {
    if (item.type !== null && item.content !== null && item.shortUrl !== null) return item;
    const known = sql.get<{ type: string | null; content: string | null; short_url: string | null }>(
      'SELECT type, content, short_url FROM qr_codes WHERE id = ?',
      [item.id],
    );
    return {
      ...item,
      type: item.type ?? known?.type ?? null,
      content: item.content ?? readContent(known?.content),
      shortUrl: item.shortUrl ?? known?.short_url ?? null,
    };
  });
}

/** Stores a read of `GET /api/qr/:id` (and what it tells of the list's fields). */
export function storeQrDetails(sql: Sql, d: QrDetails, now: number): void {
  sql.run(
    `UPDATE qr_codes SET details = ?, details_at = ?, scans = ?, short_url = COALESCE(?, short_url),
       name = CASE WHEN pending IS NULL THEN ? ELSE name END,
       type = CASE WHEN pending IS NULL THEN COALESCE(?, type) ELSE type END,
       content = CASE WHEN pending IS NULL THEN COALESCE(?, content) ELSE content END
     WHERE id = ?`,
    [
      JSON.stringify(d),
      now,
      d.scans,
      d.shortUrl,
      d.name,
      d.type,
      d.content === null ? null : JSON.stringify(d.content),
      d.id,
    ],
  );
}

export function readQrDetails(sql: Sql, id: number): MirrorQrDetails | null {
  const qr = readOne(sql, QRS, id);
  if (!qr) return null;
  const row = sql.get<{ details: string | null; details_at: number | null }>(
    'SELECT details, details_at FROM qr_codes WHERE id = ?',
    [id],
  );
  let details: QrDetails | null;
  try {
    details = row?.details ? (JSON.parse(row.details) as QrDetails) : null;
  } catch {
    details = null;
  }
  return { qr, details, fetchedAt: row?.details_at ?? null, source: 'mirror' };
}

type QrMutation = Extract<OutboxMutation, { kind: `qr.${string}` }>;

/** Shows a queued QR change in the mirror at once. */
export function applyQrPending(sql: Sql, m: QrMutation, provisionalId: number, now: number): void {
  switch (m.kind) {
    case 'qr.create': {
      const i = m.input;
      sql.run(
        `INSERT INTO qr_codes (id, name, link, scans, date, type, content, stored_at) VALUES (?, ?, '', 0, ?, ?, ?, ?)`,
        [provisionalId, i.name ?? '', serviceDate(now), i.type, JSON.stringify(i.data), now],
      );
      break;
    }
    case 'qr.update': {
      const i = m.input;
      sql.run(
        `UPDATE qr_codes SET name = COALESCE(?, name), type = COALESCE(?, type), content = COALESCE(?, content) WHERE id = ?`,
        [i.name ?? null, i.type ?? null, i.data === undefined ? null : JSON.stringify(i.data), m.id],
      );
      break;
    }
    case 'qr.delete':
      break;
  }
}

/** The service's answer to a QR change, in the mirror. */
export function applyQrAnswer(sql: Sql, m: QrMutation, answer: unknown, provisionalId: number): void {
  switch (m.kind) {
    case 'qr.create': {
      const saved = answer as QrSaved;
      const exists = sql.get('SELECT 1 AS x FROM qr_codes WHERE id = ?', [saved.id]);
      if (exists) {
        // A sync brought it in first: it takes what only the create knew.
        sql.run(
          `UPDATE qr_codes SET type = COALESCE(type, (SELECT type FROM qr_codes WHERE id = ?)),
             content = COALESCE(content, (SELECT content FROM qr_codes WHERE id = ?)) WHERE id = ?`,
          [provisionalId, provisionalId, saved.id],
        );
        sql.run('DELETE FROM qr_codes WHERE id = ?', [provisionalId]);
      } else {
        sql.run('UPDATE qr_codes SET id = ?, link = ? WHERE id = ?', [saved.id, saved.link, provisionalId]);
      }
      sql.run(`UPDATE channel_items SET item_id = ? WHERE type = 'qr' AND item_id = ?`, [saved.id, provisionalId]);
      break;
    }
    case 'qr.update': {
      const saved = answer as Partial<QrSaved> | null;
      // The details are read again when the code is next opened (the scans stay).
      sql.run(`UPDATE qr_codes SET link = COALESCE(NULLIF(?, ''), link), details_at = 0 WHERE id = ?`, [
        typeof saved?.link === 'string' ? saved.link : '',
        m.id,
      ]);
      break;
    }
    case 'qr.delete':
      forgetQr(sql, m.id);
      break;
  }
}

export function forgetQr(sql: Sql, id: number): void {
  sql.run('DELETE FROM qr_codes WHERE id = ?', [id]);
  sql.run(`DELETE FROM channel_items WHERE type = 'qr' AND item_id = ?`, [id]);
}

/** Shows a QR code in a channel (a code is in one channel at a time, as a link is). */
export function putQrInChannel(sql: Sql, qrId: number, channelId: number, now: number): void {
  sql.run(`DELETE FROM channel_items WHERE type = 'qr' AND item_id = ?`, [qrId]);
  sql.run(
    `INSERT INTO channel_items (channel_id, type, item_id, title, preview, link, date, position)
     SELECT ?, 'qr', id, name, link, link, ?, -1 FROM qr_codes WHERE id = ?
     ON CONFLICT (channel_id, type, item_id) DO NOTHING`,
    [channelId, serviceDate(now).slice(0, 10), qrId],
  );
}
