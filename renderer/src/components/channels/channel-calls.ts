/**
 * The bridge calls of the Channels and Campaigns sections, in one place (components reach the app
 * only through bridge.ts). The lists themselves come from their mirror stores.
 */
import { call, onEvent } from '../../bridge.js';
import { asMirrorLinkPage } from '../../composables/shape.js';
import type { ChannelItemsList, OutboxOutcome } from '../../../../electron/shared/contract.js';
import type { CampaignInput, ChannelInput, MirrorLink, MirrorLinkPage, OutboxItem } from '../../../../electron/shared/models.js';

export const createChannel = (input: ChannelInput): Promise<OutboxItem> => call('channels:create', input);
export const updateChannel = (id: number, input: ChannelInput): Promise<OutboxItem> => call('channels:update', { id, ...input });
export const deleteChannel = (id: number): Promise<OutboxItem> => call('channels:delete', { id });
export const assignToChannel = (channelId: number, linkId: number): Promise<OutboxItem> =>
  call('channels:assign', { channelId, type: 'links', itemId: linkId });
export const channelItems = (id: number): Promise<ChannelItemsList> => call('channels:items', { id });
/** Asks the sync to read one channel's items again; offline, the mirror's copy stays. */
export const refreshChannel = (id: number): Promise<void> => call('sync:refresh', { view: { kind: 'channel', id } }).catch(() => undefined);

export const createCampaign = (input: CampaignInput): Promise<OutboxItem> => call('campaigns:create', input);
export const updateCampaign = (id: number, input: CampaignInput & { name: string }): Promise<OutboxItem> => call('campaigns:update', { id, ...input });
export const deleteCampaign = (id: number): Promise<OutboxItem> => call('campaigns:delete', { id });
export const assignToCampaign = (campaignId: number, linkId: number): Promise<OutboxItem> => call('campaigns:assign', { campaignId, linkId });

/** Drops a refused change from the outbox (and its provisional row from the mirror). */
export const discardOperation = (opId: string): Promise<void> => call('outbox:discard', { opId });

/** Resolves when the service took the change; rejects with its refusal in words. */
export const waitForOutcome = (opId: string): Promise<OutboxOutcome> => call('outbox:wait', { opId });

/** Links of one campaign, from the mirror. */
export async function campaignLinks(campaignId: number, limit: number): Promise<MirrorLinkPage> {
  return asMirrorLinkPage(await call('links:list', { filters: { campaign: campaignId }, limit }));
}

/** Links matching what the user typed, for the "add a link" pickers. */
export async function searchLinks(q: string): Promise<MirrorLink[]> {
  const query = q.trim();
  const page = asMirrorLinkPage(await call('links:list', { limit: 20, sort: 'date', ...(query ? { q: query } : {}) }));
  return page.items;
}

/** Calls `listener` when the mirror changes one of `topics` (returns the unsubscribe function). */
export function onMirrorChange(topics: string[], listener: () => void): () => void {
  return onEvent('mirror:changed', (payload) => {
    if (payload && Array.isArray(payload.topics) && payload.topics.some((t: string) => topics.includes(t))) listener();
  });
}
