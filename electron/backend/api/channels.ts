import { msg } from '../../shared/message-ref.js';
import type {
  Channel,
  ChannelInput,
  ChannelItem,
  ChannelItemType,
  Confirmation,
  Page,
} from '../../shared/models.js';
import { pagingQuery, pathId } from './paths.js';
import { pageSchema, parseAnswer, type PageRequest } from './schema-kit.js';
import { channel, channelCreated, channelItem, confirmation } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

export type ChannelUpdate = Partial<ChannelInput>;

export interface ChannelsApi {
  list(query?: PageRequest, options?: CallOptions): Promise<Page<Channel>>;
  /** The items (links, bio pages, QR codes) in a channel. */
  items(id: number, query?: PageRequest, options?: CallOptions): Promise<Page<ChannelItem>>;
  create(input: ChannelInput, options?: CallOptions): Promise<Channel>;
  /** Puts an item into a channel. */
  assign(
    channelId: number,
    type: ChannelItemType,
    itemId: number,
    options?: CallOptions,
  ): Promise<Confirmation>;
  update(id: number, input: ChannelUpdate, options?: CallOptions): Promise<Confirmation>;
  /** Deletes a channel; its items stay, unassigned. */
  delete(id: number, options?: CallOptions): Promise<Confirmation>;
}

const ITEM_TYPES: readonly ChannelItemType[] = ['links', 'bio', 'qr'];

function channelBody(input: ChannelUpdate): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.name !== undefined) body['name'] = input.name;
  if (input.description !== undefined) body['description'] = input.description;
  if (input.color !== undefined) body['color'] = input.color;
  if (input.starred !== undefined) body['starred'] = input.starred;
  return body;
}

export function createChannelsApi(t: Transport): ChannelsApi {
  return {
    async list(query = {}, options) {
      const what = msg('errors.doing.listChannels');
      const body = await t.request(
        { method: 'GET', path: '/api/channels', query: pagingQuery(query), what },
        options,
      );
      return parseAnswer(pageSchema(['channels'], channel, query), body, what);
    },
    async items(id, query = {}, options) {
      const what = msg('errors.doing.listChannelItems');
      const body = await t.request(
        {
          method: 'GET',
          path: `/api/channel/${pathId(id, 'channel')}`,
          query: pagingQuery(query),
          what,
        },
        options,
      );
      return parseAnswer(pageSchema(['items'], channelItem, query), body, what);
    },
    async create(input, options) {
      const what = msg('errors.doing.createChannel');
      const body = await t.request(
        { method: 'POST', path: '/api/channel/add', body: channelBody(input), what },
        options,
      );
      return parseAnswer(channelCreated, body, what);
    },
    async assign(channelId, type, itemId, options) {
      const what = msg('errors.doing.addChannelItem');
      const kind = ITEM_TYPES.includes(type) ? type : 'links';
      const path = `/api/channel/${pathId(channelId, 'channel')}/assign/${kind}/${pathId(itemId, 'item')}`;
      return parseAnswer(
        confirmation,
        await t.request({ method: 'POST', path, what }, options),
        what,
      );
    },
    async update(id, input, options) {
      const what = msg('errors.doing.updateChannel');
      const body = await t.request(
        {
          method: 'PUT',
          path: `/api/channel/${pathId(id, 'channel')}/update`,
          body: channelBody(input),
          what,
        },
        options,
      );
      return parseAnswer(confirmation, body, what);
    },
    async delete(id, options) {
      const what = msg('errors.doing.deleteChannel');
      const body = await t.request(
        { method: 'DELETE', path: `/api/channel/${pathId(id, 'channel')}/delete`, what },
        options,
      );
      return parseAnswer(confirmation, body, what);
    },
  };
}
