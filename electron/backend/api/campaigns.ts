import { msg } from '../../shared/message-ref.js';
import type { Campaign, CampaignInput, Confirmation, Page } from '../../shared/models.js';
import { pagingQuery, pathId } from './paths.js';
import { pageSchema, parseAnswer, type PageRequest } from './schema-kit.js';
import { campaign, campaignSaved, confirmation } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

/** The update endpoint requires the name. */
export type CampaignUpdate = CampaignInput & { name: string };

export interface CampaignsApi {
  list(query?: PageRequest, options?: CallOptions): Promise<Page<Campaign>>;
  create(input: CampaignInput, options?: CallOptions): Promise<Campaign>;
  /** Adds a link to a campaign. */
  assign(campaignId: number, linkId: number, options?: CallOptions): Promise<Confirmation>;
  update(id: number, input: CampaignUpdate, options?: CallOptions): Promise<Campaign>;
  delete(id: number, options?: CallOptions): Promise<Confirmation>;
}

function campaignBody(input: CampaignInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.name !== undefined) body['name'] = input.name;
  if (input.slug !== undefined) body['slug'] = input.slug;
  if (input.public !== undefined) body['public'] = input.public;
  return body;
}

/** An answer that names the campaign under none of its keys: it has the name that was sent. */
const withName = (saved: Campaign, sent: string | undefined): Campaign =>
  saved.name.trim() === '' && sent ? { ...saved, name: sent } : saved;

export function createCampaignsApi(t: Transport): CampaignsApi {
  return {
    async list(query = {}, options) {
      const what = msg('errors.doing.listCampaigns');
      const body = await t.request(
        { method: 'GET', path: '/api/campaigns', query: pagingQuery(query), what },
        options,
      );
      return parseAnswer(pageSchema(['campaigns'], campaign, query), body, what);
    },
    async create(input, options) {
      const what = msg('errors.doing.createCampaign');
      const body = await t.request(
        { method: 'POST', path: '/api/campaign/add', body: campaignBody(input), what },
        options,
      );
      return withName(parseAnswer(campaignSaved, body, what), input.name);
    },
    async assign(campaignId, linkId, options) {
      const what = msg('errors.doing.addCampaignLink');
      const path = `/api/campaign/${pathId(campaignId, 'campaign')}/assign/${pathId(linkId, 'link')}`;
      return parseAnswer(
        confirmation,
        await t.request({ method: 'POST', path, what }, options),
        what,
      );
    },
    async update(id, input, options) {
      const what = msg('errors.doing.updateCampaign');
      const body = await t.request(
        {
          method: 'PUT',
          path: `/api/campaign/${pathId(id, 'campaign')}/update`,
          body: campaignBody(input),
          what,
        },
        options,
      );
      return withName(parseAnswer(campaignSaved, body, what), input.name);
    },
    async delete(id, options) {
      const what = msg('errors.doing.deleteCampaign');
      const body = await t.request(
        { method: 'DELETE', path: `/api/campaign/${pathId(id, 'campaign')}/delete`, what },
        options,
      );
      return parseAnswer(confirmation, body, what);
    },
  };
}
