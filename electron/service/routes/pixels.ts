import type { FastifyInstance } from 'fastify';
import { checkPixelTag, isPixelType, PIXEL_TYPES } from '../../shared/pixel-types.js';
import type { ServiceContext } from '../context.js';
import { badRequest } from '../errors.js';
import { formatDateTime } from '../format.js';
import { MAX_NAME, readBody, requiredString } from '../resources/input.js';
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
 */
export function registerPixelRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { db } = ctx;

  api.get('/pixels', async (request) =>
    pagedList(db, request, 'pixels', {
      countSql: 'SELECT COUNT(*) AS n FROM pixels WHERE user_id = ?',
      rowsSql:
        'SELECT id, type, name, tag, created_at FROM pixels WHERE user_id = ? ORDER BY id DESC',
      params: [request.userId],
      toItem: pixelItem,
    }),
  );

  api.post('/pixel/add', async (request) => {
    const body = readBody(request);
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
    const { lastInsertRowid } = db
      .prepare('INSERT INTO pixels (user_id, type, name, tag, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(request.userId, type, name, check.tag, ctx.now());
    const row = db
      .prepare('SELECT id, type, name, tag, created_at FROM pixels WHERE id = ?')
      .get(Number(lastInsertRowid)) as PixelRow;
    return { error: 0, ...pixelItem(row) };
  });
}
