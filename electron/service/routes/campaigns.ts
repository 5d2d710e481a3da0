import { exec, one, type Store } from '../database/store.js';
import { isUniqueViolation } from '../database/errors.js';
import { all, q, run, transaction } from '../database/work.js';
import type { FastifyInstance } from 'fastify';
import { CampaignBody, pickBody } from '../request-bodies.js';
import { notifyLinkChanged, type ServiceContext } from '../context.js';
import { badRequest, conflict } from '../errors.js';
import {
  MAX_NAME,
  optionalBoolean,
  optionalString,
  pathId,
  readBody,
  requiredString,
} from '../resources/input.js';
import { pagedList } from '../resources/paged-list.js';
import { requireOwned } from '../resources/ownership.js';

const MAX_SLUG = 64;

interface CampaignRow {
  id: number;
  name: string;
  slug: string | null;
  public: number;
  links: number;
}

/**
 * A rotator slug: letters, digits, "-" and "_". "" (or leaving it out on add) means no
 * rotator. Slugs are unique across the service regardless of case, so `/r/Sale` and `/r/sale`
 * can never name two different campaigns to a person reading them.
 */
async function readSlug(
  body: Record<string, unknown>,
  store: Store,
  campaignId: number | null,
): Promise<string | null | undefined> {
  const slug = optionalString(body, 'slug', 1000);
  if (slug === undefined) return undefined;
  if (slug === '') return null;
  if (slug.length > MAX_SLUG || !/^[A-Za-z0-9_-]+$/.test(slug)) {
    throw badRequest(
      `The field "slug" may hold only letters, digits, "-" and "_" (at most ${MAX_SLUG} characters), such as "summer-sale".`,
    );
  }
  const taken = await one(store, 'SELECT id FROM campaigns WHERE lower(slug) = lower(?) AND id IS DISTINCT FROM ?', slug, campaignId);
  if (taken) throw conflict(`The rotator slug "${slug}" is already taken. Choose another one.`);
  return slug;
}

/**
 * Campaigns, each with an optional rotator (`/r/<slug>`) and a list page (`/c/<id>`) served by
 * the redirect routes. List items add `links`, the number of links in the campaign.
 */
export function registerCampaignRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;
  const rotator = (slug: string | null) => (slug ? `${ctx.baseUrl()}/r/${slug}` : false);
  const listPage = (id: number) => `${ctx.baseUrl()}/c/${id}`;

  /** The add and update answer: the spec carries the campaign name under `domain`. */
  const answer = async (id: number) => {
    const row = (await one<CampaignRow>(store, 'SELECT id, name, slug, public FROM campaigns WHERE id = ?', id)) as CampaignRow;
    return {
      error: 0,
      id: row.id,
      domain: row.name,
      public: row.public === 1,
      rotator: rotator(row.slug),
      list: listPage(row.id),
    };
  };

  api.get('/campaigns', async (request) =>
    pagedList(ctx.store, request, 'campaigns', {
      countSql: 'SELECT COUNT(*) AS n FROM campaigns WHERE user_id = ?',
      rowsSql: `SELECT c.id, c.name, c.slug, c.public, (SELECT COUNT(*) FROM links l WHERE l.campaign_id = c.id) AS links
        FROM campaigns c WHERE c.user_id = ? ORDER BY c.id DESC`,
      params: [request.userId],
      toItem: (row: CampaignRow) => ({
        id: row.id,
        name: row.name,
        public: row.public === 1,
        rotator: rotator(row.slug),
        list: listPage(row.id),
        links: row.links,
      }),
    }),
  );

  api.post('/campaign/add', async (request) => {
    const body = pickBody(CampaignBody, readBody(request));
    const name = optionalString(body, 'name', MAX_NAME) ?? '';
    const isPublic = optionalBoolean(body, 'public') ?? false;
    const slug = (await readSlug(body, store, null)) ?? null;
    let added: { id: number } | undefined;
    try {
      added = await one<{ id: number }>(
        store,
        'INSERT INTO campaigns (user_id, name, slug, public, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        request.userId, name, slug, isPublic ? 1 : 0, ctx.now(),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The rotator slug "${slug}" is already taken. Choose another one.`);
      throw error;
    }
    return answer((added as { id: number }).id);
  });

  api.post<{ Params: { campaignid: string; linkid: string } }>(
    '/campaign/:campaignid/assign/:linkid',
    async (request) => {
      const campaignId = pathId(request.params.campaignid, 'Campaign');
      const linkId = pathId(request.params.linkid, 'Link');
      await requireOwned(ctx.store, 'campaigns', campaignId, request.userId, 'Campaign');
      await requireOwned(ctx.store, 'links', linkId, request.userId, 'Link');
      await exec(store, 'UPDATE links SET campaign_id = ?, updated_at = ? WHERE id = ?', campaignId, ctx.now(), linkId);
      notifyLinkChanged(ctx, linkId);
      return { error: 0, message: 'Link has been added to the campaign.' };
    },
  );

  api.put<{ Params: { id: string } }>('/campaign/:id/update', async (request) => {
    const id = pathId(request.params.id, 'Campaign');
    const body = pickBody(CampaignBody, readBody(request));
    const name = requiredString(body, 'name', MAX_NAME, 'the name of the campaign');
    const isPublic = optionalBoolean(body, 'public');
    await requireOwned(ctx.store, 'campaigns', id, request.userId, 'Campaign');
    const slug = await readSlug(body, store, id);
    try {
      await exec(
        store,
        `UPDATE campaigns SET name = ?, public = COALESCE(?, public),
           slug = CASE WHEN ? = 1 THEN ? ELSE slug END WHERE id = ?`,
        name,
        isPublic === undefined ? null : isPublic ? 1 : 0,
        slug === undefined ? 0 : 1,
        slug ?? null,
        id,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The rotator slug "${slug}" is already taken. Choose another one.`);
      throw error;
    }
    return answer(id);
  });

  api.delete<{ Params: { id: string } }>('/campaign/:id/delete', async (request) => {
    const id = pathId(request.params.id, 'Campaign');
    await requireOwned(ctx.store, 'campaigns', id, request.userId, 'Campaign');
    const linkIds = await store.run(
      transaction(function* () {
        const ids = (yield* all<{ id: number }>(q('SELECT id FROM links WHERE campaign_id = ?', id))).map((r) => r.id);
        yield* run(q('UPDATE links SET campaign_id = NULL, updated_at = ? WHERE campaign_id = ?', ctx.now(), id));
        yield* run(q('DELETE FROM campaigns WHERE id = ?', id));
        return ids;
      }),
    );
    for (const linkId of linkIds) notifyLinkChanged(ctx, linkId);
    return { error: 0, message: 'Campaign has been deleted successfully.' };
  });
}
