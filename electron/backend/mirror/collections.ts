import type {
  Account,
  Campaign,
  Channel,
  ChannelItem,
  Domain,
  Mirrored,
  OutboxMarks,
  Overlay,
  PendingKind,
  Pixel,
  SplashPage,
} from '../../shared/models.js';
import { hostOf } from './dates.js';
import { readFailedMark } from '../outbox/failed-mark.js';
import type { Row, Sql, SqlValue } from './sqlite.js';

/*
 * The small collections (channels, campaigns, branded domains, pixels, overlays, splash pages),
 * each replaced whole by a sync: the service lists them in a few pages at most. Rows with an
 * unconfirmed change keep what the user changed; provisional rows (negative ids) stay until
 * the outbox settles them.
 */

/** How one collection maps between our model and its table. */
export interface TableSpec<T extends { id: number }> {
  table: string;
  /** Columns besides id, in the order `values` gives them. */
  columns: readonly string[];
  values(item: T): SqlValue[];
  read(row: Row): T;
  /** Whether the outbox marks rows of this table. */
  marked: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

export const CHANNELS: TableSpec<Channel> = {
  table: 'channels',
  columns: ['name', 'description', 'color', 'starred'],
  values: (c) => [c.name, c.description, c.color, c.starred ? 1 : 0],
  read: (r) => ({
    id: Number(r['id']),
    name: str(r['name']),
    description: str(r['description']),
    color: str(r['color']),
    starred: Number(r['starred']) === 1,
  }),
  marked: true,
};

export const CAMPAIGNS: TableSpec<Campaign> = {
  table: 'campaigns',
  columns: ['name', 'public', 'rotator', 'list'],
  values: (c) => [c.name, c.public ? 1 : 0, c.rotator, c.list],
  read: (r) => ({
    id: Number(r['id']),
    name: str(r['name']),
    public: Number(r['public']) === 1,
    rotator: r['rotator'] == null ? null : str(r['rotator']),
    list: str(r['list']),
  }),
  marked: true,
};

export const DOMAINS: TableSpec<Domain> = {
  table: 'domains',
  columns: ['domain', 'host', 'redirect_root', 'redirect_404'],
  values: (d) => [d.domain, hostOf(d.domain), d.redirectRoot, d.redirect404],
  read: (r) => ({
    id: Number(r['id']),
    domain: str(r['domain']),
    redirectRoot: str(r['redirect_root']),
    redirect404: str(r['redirect_404']),
  }),
  marked: true,
};

export const PIXELS: TableSpec<Pixel> = {
  table: 'pixels',
  columns: ['type', 'name', 'tag', 'date'],
  values: (p) => [p.type, p.name, p.tag, p.date],
  read: (r) => ({
    id: Number(r['id']),
    type: str(r['type']),
    name: str(r['name']),
    tag: str(r['tag']),
    date: str(r['date']),
  }),
  marked: true,
};

export const OVERLAYS: TableSpec<Overlay> = {
  table: 'overlays',
  columns: ['type', 'name', 'date'],
  values: (o) => [o.type, o.name, o.date],
  read: (r) => ({
    id: Number(r['id']),
    type: str(r['type']),
    name: str(r['name']),
    date: str(r['date']),
  }),
  marked: false,
};

export const SPLASH_PAGES: TableSpec<SplashPage> = {
  table: 'splash_pages',
  columns: ['name', 'date'],
  values: (s) => [s.name, s.date],
  read: (r) => ({ id: Number(r['id']), name: str(r['name']), date: str(r['date']) }),
  marked: false,
};

const PENDING: readonly PendingKind[] = ['create', 'update', 'delete'];

function marksOf(r: Row): OutboxMarks {
  const pending = r['pending'];
  return {
    pending: PENDING.includes(pending as PendingKind) ? (pending as PendingKind) : null,
    ...readFailedMark(r['failed'] == null ? null : str(r['failed'])),
    opId: r['op_id'] == null ? null : str(r['op_id']),
  };
}

/**
 * Replaces a collection with what the service listed (in its order). `forget` removes one that
 * is gone (a channel or campaign takes its links' membership with it).
 */
export function replaceCollection<T extends { id: number }>(
  sql: Sql,
  spec: TableSpec<T>,
  items: readonly T[],
  now: number,
  forget: (sql: Sql, id: number) => void = (s, id) =>
    void s.run(`DELETE FROM ${spec.table} WHERE id = ?`, [id]),
): void {
  const seen = new Set<number>();
  const cols = spec.columns;
  const stored = spec.marked ? ', stored_at' : '';
  const insert = `INSERT INTO ${spec.table} (id, ${cols.join(', ')}, position${stored})
    VALUES (?, ${cols.map(() => '?').join(', ')}, ?${spec.marked ? ', ?' : ''})`;
  const update = `UPDATE ${spec.table} SET ${cols.map((c) => `${c} = ?`).join(', ')}, position = ?
    WHERE id = ?${spec.marked ? ' AND pending IS NULL' : ''}`;
  items.forEach((item, position) => {
    seen.add(item.id);
    const exists = sql.get(`SELECT 1 AS x FROM ${spec.table} WHERE id = ?`, [item.id]);
    if (exists) {
      sql.run(update, [...spec.values(item), position, item.id]);
      if (spec.marked)
        sql.run(`UPDATE ${spec.table} SET position = ? WHERE id = ?`, [position, item.id]);
    } else {
      sql.run(insert, [item.id, ...spec.values(item), position, ...(spec.marked ? [now] : [])]);
    }
  });
  const ids = sql
    .all<{ id: number }>(`SELECT id FROM ${spec.table} WHERE id > 0`)
    .map((r) => r.id)
    .filter((id) => !seen.has(id));
  for (const id of ids) forget(sql, id);
}

/** A collection in the service's order (provisional rows last, oldest first). */
export function readCollection<T extends { id: number }>(
  sql: Sql,
  spec: TableSpec<T>,
): Mirrored<T>[] {
  const marks = spec.marked ? ', pending, failed, op_id' : '';
  return sql
    .all(
      `SELECT id, ${spec.columns.join(', ')}${marks} FROM ${spec.table}
       ORDER BY id < 0, CASE WHEN id < 0 THEN -id ELSE position END, id`,
    )
    .map((r) => ({
      ...spec.read(r),
      ...(spec.marked ? marksOf(r) : { pending: null, failed: null, opId: null }),
      provisional: Number(r['id']) < 0,
    }));
}

/** One row of a collection, or null. */
export function readOne<T extends { id: number }>(
  sql: Sql,
  spec: TableSpec<T>,
  id: number,
): Mirrored<T> | null {
  const marks = spec.marked ? ', pending, failed, op_id' : '';
  const r = sql.get(
    `SELECT id, ${spec.columns.join(', ')}${marks} FROM ${spec.table} WHERE id = ?`,
    [id],
  );
  if (!r) return null;
  return {
    ...spec.read(r),
    ...(spec.marked ? marksOf(r) : { pending: null, failed: null, opId: null }),
    provisional: id < 0,
  };
}

/**
 * Replaces a channel's items. Links with an unconfirmed change keep the channel the user gave
 * them, so their items are put back.
 */
export function replaceChannelItems(
  sql: Sql,
  channelId: number,
  items: readonly ChannelItem[],
): void {
  sql.run('DELETE FROM channel_items WHERE channel_id = ?', [channelId]);
  items.forEach((item, position) => {
    sql.run(
      `INSERT INTO channel_items (channel_id, type, item_id, title, preview, link, date, position)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (channel_id, type, item_id) DO NOTHING`,
      [channelId, item.type, item.id, item.title, item.preview, item.link, item.date, position],
    );
  });
  sql.run(
    `DELETE FROM channel_items WHERE channel_id = ? AND type = 'links'
       AND item_id IN (SELECT id FROM links WHERE pending IS NOT NULL AND channel_known = 1 AND channel_id IS NOT ?)`,
    [channelId, channelId],
  );
  sql.run(
    `INSERT INTO channel_items (channel_id, type, item_id, title, preview, link, date, position)
     SELECT channel_id, 'links', id, title, long_url, short_url, substr(date, 1, 10), -1
     FROM links WHERE channel_id = ? AND channel_known = 1 AND pending IS NOT NULL
     ON CONFLICT (channel_id, type, item_id) DO NOTHING`,
    [channelId],
  );
}

export function readChannelItems(sql: Sql, channelId: number): ChannelItem[] {
  return sql
    .all(
      `SELECT type, item_id, title, preview, link, date FROM channel_items WHERE channel_id = ?
       ORDER BY position < 0 DESC, position, item_id DESC`,
      [channelId],
    )
    .map((r) => ({
      type: str(r['type']),
      id: Number(r['item_id']),
      title: str(r['title']),
      preview: str(r['preview']),
      link: str(r['link']),
      date: str(r['date']),
    }));
}

/**
 * After every channel's items were read (a pass that began at `startedAt`), each link that
 * existed then is known to be in the channel whose items hold it, or in none. Links stored
 * later may have been created in a channel after their channel was read: they stay as they are.
 * (Stored in the very millisecond the pass began still counts as before: a link is stored from
 * an answer, so the service had it before any of the pass's requests went out.)
 */
export function applyChannelPass(sql: Sql, startedAt: number): void {
  const channelOf = `(SELECT ci.channel_id FROM channel_items ci
      WHERE ci.type = 'links' AND ci.item_id = links.id ORDER BY ci.position < 0, ci.channel_id LIMIT 1)`;
  sql.run(
    `UPDATE links SET channel_id = ${channelOf}, channel_known = 1
     WHERE stored_at <= ? AND pending IS NULL AND (channel_known = 0 OR channel_id IS NOT ${channelOf})`,
    [startedAt],
  );
}

/** Removes a deleted channel: its items, and the links' membership ("deleting a channel unassigns its items"). */
export function forgetChannel(sql: Sql, id: number): void {
  sql.run('DELETE FROM channels WHERE id = ?', [id]);
  sql.run('DELETE FROM channel_items WHERE channel_id = ?', [id]);
  sql.run('UPDATE links SET channel_id = NULL WHERE channel_id = ?', [id]);
}

export function forgetCampaign(sql: Sql, id: number): void {
  sql.run('DELETE FROM campaigns WHERE id = ?', [id]);
  sql.run('UPDATE links SET campaign_id = NULL WHERE campaign_id = ?', [id]);
}

export function storeAccount(sql: Sql, account: Account, now: number): void {
  sql.run(
    `INSERT INTO account (id, data, fetched_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at`,
    [JSON.stringify(account), now],
  );
}

export function readAccount(sql: Sql): { account: Account; fetchedAt: number } | null {
  const row = sql.get<{ data: string; fetched_at: number }>(
    'SELECT data, fetched_at FROM account WHERE id = 1',
  );
  if (!row) return null;
  return { account: JSON.parse(row.data) as Account, fetchedAt: row.fetched_at };
}
