import { msg, type MessageParam } from '../../shared/message-ref.js';
import type {
  Confirmation,
  LinkDetails,
  LinkInput,
  LinkSaved,
  LinkSummary,
  LinkUpdateInput,
  Page,
} from '../../shared/models.js';
import { ApiClientError } from './errors.js';
import { linkBody } from './link-body.js';
import { pathId } from './paths.js';
import { int, merged, pageSchema, parseAnswer, type PageRequest } from './schema-kit.js';
import { confirmation, linkDetails, linkSaved, linkSummary } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

export interface LinkListQuery extends PageRequest {
  order?: 'date' | 'click';
  /** Keyword over alias, long URL, title and note. */
  q?: string;
}

export interface LinksApi {
  list(query?: LinkListQuery, options?: CallOptions): Promise<Page<LinkSummary>>;
  /** The link behind a short URL (or alias), or null when the service knows none. */
  getByShort(shortUrl: string, options?: CallOptions): Promise<LinkSummary | null>;
  /** One link with its details and statistics. */
  get(id: number, options?: CallOptions): Promise<LinkDetails>;
  create(input: LinkInput, options?: CallOptions): Promise<LinkSaved>;
  update(id: number, input: LinkUpdateInput, options?: CallOptions): Promise<LinkSaved>;
  delete(id: number, options?: CallOptions): Promise<Confirmation>;
}

/**
 * The `short` look-up answers "a single-link response" whose shape the spec does not show:
 * the details shape of `GET /api/url/:id` (the reference service), a list item at the top level
 * or under `data`, or a one-item list.
 */
function readShortLookup(body: unknown, what: MessageParam): LinkSummary | null {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (record['details'] !== undefined) {
    const d = parseAnswer(linkDetails, body, what);
    return {
      id: d.id,
      alias: d.alias,
      shortUrl: d.shortUrl,
      longUrl: d.longUrl,
      clicks: d.stats.clicks,
      title: d.title,
      description: d.description,
      date: d.date,
    };
  }
  const data = record['data'];
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as Record<string, unknown>)['urls'] !== undefined
  ) {
    return parseAnswer(pageSchema(['urls'], linkSummary), body, what).items[0] ?? null;
  }
  const flat = merged(body);
  if (!int.safeParse(flat['id']).success) return null;
  return parseAnswer(linkSummary, flat, what);
}

export function createLinksApi(t: Transport): LinksApi {
  return {
    async list(query = {}, options) {
      const what = msg('errors.doing.listLinks');
      const body = await t.request(
        {
          method: 'GET',
          path: '/api/urls',
          query: {
            limit: query.limit,
            page: query.page,
            order: query.order,
            q: query.q || undefined,
          },
          what,
        },
        options,
      );
      return parseAnswer(pageSchema(['urls'], linkSummary, query), body, what);
    },
    async getByShort(shortUrl, options) {
      const what = msg('errors.doing.lookUpShortUrl');
      const short = shortUrl.trim();
      if (short === '')
        throw new ApiClientError('invalid-input', msg('errors.api.shortUrlMissing'));
      try {
        return readShortLookup(
          await t.request({ method: 'GET', path: '/api/urls', query: { short }, what }, options),
          what,
        );
      } catch (error) {
        if (error instanceof ApiClientError && error.code === 'not-found') return null;
        throw error;
      }
    },
    async get(id, options) {
      const what = msg('errors.doing.readLink');
      const body = await t.request(
        { method: 'GET', path: `/api/url/${pathId(id, 'link')}`, what },
        options,
      );
      return parseAnswer(linkDetails, body, what);
    },
    async create(input, options) {
      const what = msg('errors.doing.createLink');
      const body = await t.request(
        { method: 'POST', path: '/api/url/add', body: linkBody(input, 'create'), what },
        options,
      );
      return parseAnswer(linkSaved, body, what);
    },
    async update(id, input, options) {
      const what = msg('errors.doing.updateLink');
      const body = await t.request(
        {
          method: 'PUT',
          path: `/api/url/${pathId(id, 'link')}/update`,
          body: linkBody(input, 'update'),
          what,
        },
        options,
      );
      return parseAnswer(linkSaved, body, what);
    },
    async delete(id, options) {
      const what = msg('errors.doing.deleteLink');
      const body = await t.request(
        { method: 'DELETE', path: `/api/url/${pathId(id, 'link')}/delete`, what },
        options,
      );
      return parseAnswer(confirmation, body, what);
    },
  };
}
