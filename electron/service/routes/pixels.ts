import { exec, one } from '../database/store.js';
import { all, q, run, transaction } from '../database/work.js';
import type { FastifyInstance } from 'fastify';
import { PixelBody, pickBody } from '../request-bodies.js';
import { checkPixelTag, isPixelType, PIXEL_TYPES } from '../../shared/pixel-types.js';
import { notifyLinkChanged, type ServiceContext } from '../context.js';
import { badRequest } from '../errors.js';
import { formatDateTime } from '../format.js';
import { MAX_NAME, optionalString, pathId, readBody, requiredString } from '../resources/input.js';
import { requireOwned } from '../resources/ownership.js';
import { pagedList } from '../resources/paged-list.js';

interface PixelRow {
  id: number;
  type: string;
  name: string;
  tag: string;
  created_at: number;
}

const pixelItem = (row: PixelRow) => ({
  id: row.id,
  type: row.type,
  name: row.name,
  tag: row.tag,
  date: formatDateTime(row.created_at),
});

/**
 * Tracking pixels. The spec does not show what adding one answers; this service answers the
 * new pixel in its list shape plus `error`: `{error: 0, id, type, name, tag, date}`, so a client
 * can show it without reading the list again. The tag is stored in its canonical form.
 *
 * Update (`PUT /pixel/:id/update`) and delete (`DELETE /pixel/:id/delete`) are not in the spec;
 * real deployments have them from 6.2, and so does this service. The update needs the tag (as
 * there); the name is optional; the type cannot change (the tag's format depends on it), so a
 * `type` other than the pixel's is refused rather than ignored. Both answer `error` and
 * `message`; the update adds the pixel's fields, as the add does.
 */
export function registerPixelRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;
  const pixelById = (id: number) => one<PixelRow>(store, 'SELECT id, type, name, tag, created_at FROM pixels WHERE id = ?', id) as Promise<PixelRow>;

  api.get('/pixels', async (request) =>
    pagedList(ctx.store, request, 'pixels', {
      countSql: 'SELECT COUNT(*) AS n FROM pixels WHERE user_id = ?',
      rowsSql:
        'SELECT id, type, name, tag, created_at FROM pixels WHERE user_id = ? ORDER BY id DESC',
      params: [request.userId],
      toItem: pixelItem,
    }),
  );

  api.post('/pixel/add', async (request) => {
    const body = pickBody(PixelBody, readBody(request));
    const type = requiredString(
      body,
      'type',
      100,
      `the pixel type, one of ${PIXEL_TYPES.join(', ')}`,
    );
    if (!isPixelType(type)) {
      throw badRequest(`The field "type" must be one of ${PIXEL_TYPES.join(', ')}.`);
    }
    const name = requiredString(body, 'name', MAX_NAME, 'a name for the pixel');
    const check = checkPixelTag(
      type,
      requiredString(body, 'tag', 200, 'the tag (identifier) the platform gave the pixel'),
    );
    if (!check.ok) throw badRequest(`The field "tag" is not valid. ${check.message}`);
    const row = (await one<PixelRow>(
      store,
      'INSERT INTO pixels (user_id, type, name, tag, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id, type, name, tag, created_at',
      request.userId, type, name, check.tag, ctx.now(),
    )) as PixelRow;
    return { error: 0, ...pixelItem(row) };
  });

  api.put<{ Params: { id: string } }>('/pixel/:id/update', async (request) => {
    const id = pathId(request.params.id, 'Pixel');
    const body = pickBody(PixelBody, readBody(request));
    const tagText = requiredString(
      body,
      'tag',
      200,
      'the tag (identifier) the platform gave the pixel',
    );
    const name = optionalString(body, 'name', MAX_NAME);
    if (name !== undefined && name.trim() === '') {
      throw badRequest(
        'The field "name" must not be empty: send a name for the pixel, or leave the field out to keep it.',
      );
    }
    const type = optionalString(body, 'type', 100);
    await requireOwned(ctx.store, 'pixels', id, request.userId, 'Pixel');
    const current = await pixelById(id);
    if (type !== undefined && type !== current.type) {
      throw badRequest(
        `The type of a pixel cannot be changed (this one is ${current.type}): add a new pixel of type ${type} instead.`,
      );
    }
    const check = isPixelType(current.type)
      ? checkPixelTag(current.type, tagText)
      : ({ ok: true, tag: tagText.trim() } as const);
    if (!check.ok) throw badRequest(`The field "tag" is not valid. ${check.message}`);
    await exec(store, 'UPDATE pixels SET name = COALESCE(?, name), tag = ? WHERE id = ?', name ?? null, check.tag, id);
    const row = await pixelById(id);
    return { error: 0, message: 'Pixel has been updated successfully.', ...pixelItem(row) };
  });

  api.delete<{ Params: { id: string } }>('/pixel/:id/delete', async (request) => {
    const id = pathId(request.params.id, 'Pixel');
    await requireOwned(ctx.store, 'pixels', id, request.userId, 'Pixel');
    const linkIds = await store.run(
      transaction(function* () {
        const ids = (yield* all<{ link_id: number }>(q('SELECT link_id FROM link_pixels WHERE pixel_id = ?', id))).map((r) => r.link_id);
        yield* run(q('UPDATE links SET updated_at = ? WHERE id IN (SELECT link_id FROM link_pixels WHERE pixel_id = ?)', ctx.now(), id));
        yield* run(q('DELETE FROM link_pixels WHERE pixel_id = ?', id));
        yield* run(q('DELETE FROM pixels WHERE id = ?', id));
        return ids;
      }),
    );
    for (const linkId of linkIds) notifyLinkChanged(ctx, linkId);
    return { error: 0, message: 'Pixel has been deleted successfully.' };
  });
}
