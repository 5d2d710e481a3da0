import type { Handlers } from '../router.js';
import type { ProfileSessions } from '../profile-sessions.js';

type ServiceChannel = Exclude<keyof Handlers, `profiles:${string}` | `app:${string}` | 'budget:state' | 'connection:state'>;

/**
 * The channels that reach the link service, each through the current profile's rate-aware
 * queue. Reads run at 'view' priority and changes at 'user' priority (the scheduled API's
 * defaults); opening one link counts as a person's action.
 */
export function serviceHandlers(sessions: ProfileSessions): Pick<Handlers, ServiceChannel> {
  const call = sessions.call.bind(sessions);
  const done = async () => undefined;
  return {
    'account:get': () => call((api) => api.account.get()),
    'account:update': (input) => call((api) => api.account.update(input)).then(done),

    'links:list': (query) => call((api) => api.links.list(query)),
    'links:get': ({ id }) => call((api) => api.links.get(id)),
    'links:create': (input) => call((api) => api.links.create(input)),
    'links:update': ({ id, input }) => call((api) => api.links.update(id, input)),
    'links:delete': ({ id }) => call((api) => api.links.delete(id)).then(done),

    'channels:list': (query) => call((api) => api.channels.list(query)),
    'channels:items': ({ id, ...query }) => call((api) => api.channels.items(id, query)),
    'channels:create': (input) => call((api) => api.channels.create(input)),
    'channels:update': ({ id, ...input }) => call((api) => api.channels.update(id, input)).then(done),
    'channels:delete': ({ id }) => call((api) => api.channels.delete(id)).then(done),
    'channels:assign': ({ channelId, type, itemId }) => call((api) => api.channels.assign(channelId, type, itemId)).then(done),

    'campaigns:list': (query) => call((api) => api.campaigns.list(query)),
    'campaigns:create': (input) => call((api) => api.campaigns.create(input)),
    'campaigns:update': ({ id, ...input }) => call((api) => api.campaigns.update(id, input)),
    'campaigns:delete': ({ id }) => call((api) => api.campaigns.delete(id)).then(done),
    'campaigns:assign': ({ campaignId, linkId }) => call((api) => api.campaigns.assign(campaignId, linkId)).then(done),

    'domains:list': (query) => call((api) => api.domains.list(query)),
    'domains:create': (input) => call((api) => api.domains.create(input)),
    'domains:update': ({ id, ...input }) => call((api) => api.domains.update(id, input)).then(done),
    'domains:delete': ({ id }) => call((api) => api.domains.delete(id)).then(done),

    'pixels:list': (query) => call((api) => api.pixels.list(query)),
    'pixels:create': (input) => call((api) => api.pixels.create(input)),

    'overlays:list': (query) => call((api) => api.overlays.list(query)),
    'splash:list': (query) => call((api) => api.splash.list(query)),
  };
}
