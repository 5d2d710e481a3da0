import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.js';
import { formatDateTime } from '../format.js';
import { pagedList } from '../resources/paged-list.js';

interface OverlayRow {
  id: number;
  type: string;
  name: string;
  created_at: number;
}

interface SplashRow {
  id: number;
  name: string;
  created_at: number;
}

/**
 * Call-to-action overlays and splash pages: read-only through the API (they are designed on
 * the service's website; a new user gets two samples of each). Newest first, like every list.
 */
export function registerCatalogRoutes(api: FastifyInstance, ctx: ServiceContext): void {

  api.get('/overlay', async (request) =>
    pagedList(ctx.store, request, 'cta', {
      countSql: 'SELECT COUNT(*) AS n FROM overlays WHERE user_id = ?',
      rowsSql: 'SELECT id, type, name, created_at FROM overlays WHERE user_id = ? ORDER BY id DESC',
      params: [request.userId],
      toItem: (row: OverlayRow) => ({
        id: row.id,
        type: row.type,
        name: row.name,
        date: formatDateTime(row.created_at),
      }),
    }),
  );

  api.get('/splash', async (request) =>
    pagedList(ctx.store, request, 'splash', {
      countSql: 'SELECT COUNT(*) AS n FROM splash_pages WHERE user_id = ?',
      rowsSql: 'SELECT id, name, created_at FROM splash_pages WHERE user_id = ? ORDER BY id DESC',
      params: [request.userId],
      toItem: (row: SplashRow) => ({
        id: row.id,
        name: row.name,
        date: formatDateTime(row.created_at),
      }),
    }),
  );
}
