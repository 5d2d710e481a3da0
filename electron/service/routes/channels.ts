import { exec, one } from '../database/store.js';
import { all, q, run, transaction } from '../database/work.js';
import type { FastifyInstance } from 'fastify';
import { ChannelAddBody, ChannelUpdateBody, pickBody } from '../request-bodies.js';
import { notifyLinkChanged, type ServiceContext } from '../context.js';
import { badRequest, unprocessable } from '../errors.js';
import { formatDate } from '../format.js';
import {
  MAX_DESCRIPTION,
  MAX_NAME,
  optionalBoolean,
  optionalString,
  pathId,
  readBody,
  requiredString,
} from '../resources/input.js';
import { pagedList } from '../resources/paged-list.js';
import { requireOwned } from '../resources/ownership.js';
import { shortUrl } from '../urls.js';

interface ChannelRow {
  id: number;
  name: string;
  description: string;
  color: string;
  starred: number;
}

interface ItemRow {
  kind: 'links' | 'qr';
  id: number;
  title: string;
  long_url: string;
  alias: string;
  branded: string | null;
  added_at: number;
}

/**
 * A badge colour: `#RRGGBB` or the short `#RGB`, with or without the `#`, in any case. It is
 * stored as lower-case `#rrggbb` so every client compares and renders one form; "" means none.
 */
export function normalizeColor(value: string): string {
  if (value === '') return '';
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) {
    throw badRequest(
      'The field "color" must be a HEX colour such as "#1a73e8" (or the short form "#17e"), or "" for none.',
    );
  }
  const hex = (m[1] as string).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

const channelItem = (row: ChannelRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  color: row.color,
  starred: row.starred === 1,
});

/**
 * Channels group links. The list is starred channels first, then the newest first: the order a
 * person scanning for "their" channels expects (clients may sort again).
 */
export function registerChannelRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;

  api.get('/channels', async (request) =>
    pagedList(ctx.store, request, 'channels', {
      countSql: 'SELECT COUNT(*) AS n FROM channels WHERE user_id = ?',
      rowsSql:
        'SELECT id, name, description, color, starred FROM channels WHERE user_id = ? ORDER BY starred DESC, id DESC',
      params: [request.userId],
      toItem: channelItem,
    }),
  );

  // Items are the channel's links and QR codes (issue 31: deployments from 6.8 hold QR codes
  // in channels), the most recently added first. A QR code's `link` is its image, as in the
  // QR list, and its `preview` that same image.
  api.get<{ Params: { id: string } }>('/channel/:id', async (request) => {
    const id = pathId(request.params.id, 'Channel');
    await requireOwned(ctx.store, 'channels', id, request.userId, 'Channel');
    return pagedList(ctx.store, request, 'items', {
      countSql: `SELECT (SELECT COUNT(*) FROM links WHERE channel_id = ? AND user_id = ? AND qr_id IS NULL)
        + (SELECT COUNT(*) FROM qr_codes WHERE channel_id = ? AND user_id = ?) AS n`,
      rowsSql: `SELECT 'links' AS kind, l.id, l.title, l.long_url, l.alias, d.domain AS branded, COALESCE(l.channel_added_at, l.created_at) AS added_at
          FROM links l LEFT JOIN domains d ON d.id = l.domain_id
          WHERE l.channel_id = ? AND l.user_id = ? AND l.qr_id IS NULL
        UNION ALL
        SELECT 'qr' AS kind, q.id, q.name AS title, '' AS long_url, q.alias, NULL AS branded, COALESCE(q.channel_added_at, q.created_at) AS added_at
          FROM qr_codes q WHERE q.channel_id = ? AND q.user_id = ?
        ORDER BY added_at DESC, id DESC`,
      params: [id, request.userId, id, request.userId],
      toItem: (row: ItemRow) => {
        const qrImage = `${ctx.baseUrl()}/qr/${row.alias}`;
        return {
          type: row.kind,
          id: row.id,
          title: row.title,
          preview: row.kind === 'qr' ? qrImage : row.long_url,
          link: row.kind === 'qr' ? qrImage : shortUrl(ctx, row.alias, row.branded),
          date: formatDate(row.added_at),
        };
      },
    });
  });

  api.post('/channel/add', async (request) => {
    const body = pickBody(ChannelAddBody, readBody(request));
    const name = requiredString(body, 'name', MAX_NAME, 'the name of the channel');
    const description = optionalString(body, 'description', MAX_DESCRIPTION) ?? '';
    const color = normalizeColor(optionalString(body, 'color', 1000) ?? '');
    const starred = optionalBoolean(body, 'starred') ?? false;
    const added = (await one<{ id: number }>(
      store,
      'INSERT INTO channels (user_id, name, description, color, starred, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      request.userId, name, description, color, starred ? 1 : 0, ctx.now(),
    )) as { id: number };
    return { error: 0, id: added.id, name, description, color, starred };
  });

  api.post<{ Params: { channelid: string; type: string; itemid: string } }>(
    '/channel/:channelid/assign/:type/:itemid',
    async (request) => {
      const channelId = pathId(request.params.channelid, 'Channel');
      const { type } = request.params;
      if (type === 'bio') {
        throw unprocessable(
          'Bio pages are not supported by this service, so they cannot be added to a channel. Links (type "links") and QR codes (type "qr") can be.',
        );
      }
      if (type === 'qr') {
        const qrId = pathId(request.params.itemid, 'QR code');
        await requireOwned(ctx.store, 'channels', channelId, request.userId, 'Channel');
        await requireOwned(ctx.store, 'qr_codes', qrId, request.userId, 'QR code');
        const now = ctx.now();
        await exec(
          store,
          `UPDATE qr_codes SET channel_added_at = CASE WHEN channel_id IS NOT DISTINCT FROM ? AND channel_added_at IS NOT NULL THEN channel_added_at ELSE ? END,
             channel_id = ?, updated_at = ? WHERE id = ?`,
          channelId, now, channelId, now, qrId,
        );
        return { error: 0, message: 'Item has been added to the channel.' };
      }
      if (type !== 'links') {
        throw badRequest(
          'The item type in the address must be "links", "bio" or "qr"; this service supports "links" and "qr".',
        );
      }
      const linkId = pathId(request.params.itemid, 'Link');
      await requireOwned(ctx.store, 'channels', channelId, request.userId, 'Channel');
      await requireOwned(ctx.store, 'links', linkId, request.userId, 'Link');
      const now = ctx.now();
      // Re-adding a link to the channel it is already in keeps its original "added" date.
      await exec(
        store,
        `UPDATE links SET channel_added_at = CASE WHEN channel_id IS NOT DISTINCT FROM ? AND channel_added_at IS NOT NULL THEN channel_added_at ELSE ? END,
           channel_id = ?, updated_at = ? WHERE id = ?`,
        channelId, now, channelId, now, linkId,
      );
      notifyLinkChanged(ctx, linkId);
      return { error: 0, message: 'Item has been added to the channel.' };
    },
  );

  api.put<{ Params: { id: string } }>('/channel/:id/update', async (request) => {
    const id = pathId(request.params.id, 'Channel');
    const body = pickBody(ChannelUpdateBody, readBody(request));
    const name = optionalString(body, 'name', MAX_NAME);
    if (name !== undefined && name.trim() === '') {
      throw badRequest('The field "name" cannot be empty: leave it out to keep the current name.');
    }
    const description = optionalString(body, 'description', MAX_DESCRIPTION);
    const colorText = optionalString(body, 'color', 1000);
    const color = colorText === undefined ? undefined : normalizeColor(colorText);
    const starred = optionalBoolean(body, 'starred');
    await requireOwned(ctx.store, 'channels', id, request.userId, 'Channel');
    await exec(
      store,
      `UPDATE channels SET name = COALESCE(?, name), description = COALESCE(?, description),
         color = COALESCE(?, color), starred = COALESCE(?, starred) WHERE id = ?`,
      name ?? null,
      description ?? null,
      color ?? null,
      starred === undefined ? null : starred ? 1 : 0,
      id,
    );
    return { error: 0, message: 'Channel has been updated successfully.' };
  });

  api.delete<{ Params: { id: string } }>('/channel/:id/delete', async (request) => {
    const id = pathId(request.params.id, 'Channel');
    await requireOwned(ctx.store, 'channels', id, request.userId, 'Channel');
    const linkIds = await store.run(
      transaction(function* () {
        const ids = (yield* all<{ id: number }>(q('SELECT id FROM links WHERE channel_id = ?', id))).map((r) => r.id);
        yield* run(q('UPDATE links SET channel_id = NULL, channel_added_at = NULL, updated_at = ? WHERE channel_id = ?', ctx.now(), id));
        yield* run(q('DELETE FROM channels WHERE id = ?', id));
        return ids;
      }),
    );
    for (const linkId of linkIds) notifyLinkChanged(ctx, linkId);
    return { error: 0, message: 'Channel has been deleted successfully.' };
  });
}
