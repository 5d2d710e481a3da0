import type { OutboxMutation } from '../../shared/models.js';
import type { ScheduledOptions } from '../scheduler/profile-api.js';
import type { OpAnswer } from './optimistic.js';
import type { OutboxApi } from './outbox-api.js';

/** Sends one operation (its ids already the service's) and answers what the service said. */
export async function sendMutation(
  api: OutboxApi,
  m: OutboxMutation,
  options: ScheduledOptions,
): Promise<OpAnswer> {
  switch (m.kind) {
    case 'link.create':
      return api.links.create(m.input, options);
    case 'link.update':
      return api.links.update(m.id, m.input, options);
    case 'link.delete':
      return api.links.delete(m.id, options);
    case 'channel.create':
      return api.channels.create(m.input, options);
    case 'channel.update':
      return api.channels.update(m.id, m.input, options);
    case 'channel.delete':
      return api.channels.delete(m.id, options);
    case 'channel.assign':
      return api.channels.assign(m.channelId, m.type, m.itemId, options);
    case 'campaign.create':
      return api.campaigns.create(m.input, options);
    case 'campaign.update':
      return api.campaigns.update(m.id, m.input, options);
    case 'campaign.delete':
      return api.campaigns.delete(m.id, options);
    case 'campaign.assign':
      return api.campaigns.assign(m.campaignId, m.linkId, options);
    case 'domain.create':
      return api.domains.create(m.input, options);
    case 'domain.update':
      return api.domains.update(m.id, m.input, options);
    case 'domain.delete':
      return api.domains.delete(m.id, options);
    case 'pixel.create':
      return api.pixels.create(m.input, options);
    case 'pixel.update':
      return api.pixels.update(m.id, m.input, options);
    case 'pixel.delete':
      return api.pixels.delete(m.id, options);
    case 'qr.create':
      return api.qrs.create(m.input, options);
    case 'qr.update':
      return api.qrs.update(m.id, m.input, options);
    case 'qr.delete':
      return api.qrs.delete(m.id, options);
  }
}
