import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notifyLinkChanged, type ServiceContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { pagedEnvelope, readPaging } from '../format.js';
import { shortUrl } from '../urls.js';
import { withDropped, type DroppedItem } from '../links/dropped.js';
import { parseLinkInput } from '../links/link-input.js';
import { resolveReferences } from '../links/link-references.js';
import {
  createLink,
  deleteLink,
  getOwnedLink,
  listLinks,
  updateLink,
} from '../links/link-store.js';
import { linkListItem, singleLinkAnswer } from '../links/link-views.js';
import { findByShortUrl } from '../links/short-lookup.js';
import { LinkIdText } from '../request-schemas.js';

type Query = Record<string, unknown>;

/** A query parameter as one string ('' when absent; the first when repeated). */
function queryText(query: Query, name: string): string {
  const value = query[name];
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' ? text : '';
}

function readOrder(query: Query): 'date' | 'click' {
  const order = queryText(query, 'order').trim().toLowerCase();
  if (order === '' || order === 'date') return 'date';
  if (order === 'click' || order === 'clicks') return 'click';
  throw badRequest(
    'The query parameter "order" must be "date" (newest first) or "click" (most clicked first).',
  );
}

/** Path ids are positive whole numbers; anything else names no link. */
function linkId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = LinkIdText.safeParse(raw).success ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) {
    throw new ApiError(
      404,
      `There is no link with the id ${JSON.stringify(raw.slice(0, 100))}: link ids are whole numbers of at least 1.`,
    );
  }
  return id;
}

/** The Links endpoints of the spec. A user reaches only their own links: any other id is 404. */
export function registerLinkRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;
  api.get('/urls', async (request) => {
    const query = request.query as Query;
    // With `short`, the spec ignores every other parameter and answers one link.
    const short = queryText(query, 'short');
    if (short.trim() !== '') {
      return singleLinkAnswer(ctx, await store.run(findByShortUrl(ctx, request.userId, short)));
    }
    const paging = readPaging(query);
    const q = queryText(query, 'q').trim();
    if (q.length > 500) throw badRequest('The query parameter "q" is longer than 500 characters.');
    // As in stored fields: a NUL made SQLite's LIKE pattern end early and match every link.
    if (/\p{Cc}/u.test(q)) {
      throw badRequest('The query parameter "q" contains a control character (such as NUL or a line break); remove it.');
    }
    const { items, total } = await store.run(listLinks(request.userId, { paging, order: readOrder(query), q }));
    return pagedEnvelope(
      'urls',
      items.map((link) => linkListItem(ctx, link)),
      total,
      paging,
    );
  });

  api.get('/url/:id', async (request) =>
    singleLinkAnswer(ctx, await store.run(getOwnedLink(request.userId, linkId(request)))),
  );

  api.post('/url/add', async (request, reply) => {
    const dropped: DroppedItem[] = [];
    const input = parseLinkInput(request.body, 'create', dropped);
    const { id, link } = await store.run(
      (function* () {
        const refs = yield* resolveReferences(ctx, request.userId, input, dropped);
        const created = yield* createLink(ctx, request.userId, input, refs);
        return { id: created.id, link: yield* getOwnedLink(request.userId, created.id) };
      })(),
    );
    // A redirect cache may remember that this alias did not exist.
    notifyLinkChanged(ctx, id);
    return withDropped(
      reply,
      { error: 0, id, shorturl: shortUrl(ctx, link.alias, link.domain) },
      dropped,
    );
  });

  api.put('/url/:id/update', async (request, reply) => {
    const id = linkId(request);
    // 404 before 400: a caller editing a link that is not theirs learns that first.
    await store.run(getOwnedLink(request.userId, id));
    const dropped: DroppedItem[] = [];
    const input = parseLinkInput(request.body, 'update', dropped);
    const link = await store.run(
      (function* () {
        const refs = yield* resolveReferences(ctx, request.userId, input, dropped);
        return yield* updateLink(ctx, request.userId, id, input, refs);
      })(),
    );
    notifyLinkChanged(ctx, id);
    return withDropped(reply, { error: 0, id, short: shortUrl(ctx, link.alias, link.domain) }, dropped);
  });

  api.delete('/url/:id/delete', async (request) => {
    const id = linkId(request);
    await store.run(deleteLink(request.userId, id));
    notifyLinkChanged(ctx, id);
    return { error: 0, message: 'Link has been deleted.' };
  });
}
