import type { OutboxOutcome } from '../../shared/contract.js';
import type { OutboxMutation } from '../../shared/models.js';
import { domainAddress } from '../api/domains.js';
import type { ProfileSessions } from '../profile-sessions.js';
import type { Handlers } from '../router.js';

type ServiceChannel = Exclude<
  keyof Handlers,
  | `profiles:${string}`
  | `app:${string}`
  | `language:${string}`
  | 'budget:state'
  | 'connection:state'
  | `clipboard:${string}`
  | `desktop:${string}`
  | `bulk:${string}`
  | `export:${string}`
  | `utm:${string}`
  | `health:${string}`
  | `analytics:${string}`
  | `import:${string}`
  | `transfer:${string}`
>;

/**
 * The channels about the link service's objects. Reads answer from the current profile's
 * offline mirror, so every view works the same online and offline; changes are queued in the
 * outbox (saved and shown as pending at once) and sent in order through the profile's
 * rate-aware queue. Only opening a link and the account update talk to the service directly.
 */
export function serviceHandlers(sessions: ProfileSessions): Pick<Handlers, ServiceChannel> {
  const mirror = () => sessions.current().workspace.data.mirror;
  const sync = () => sessions.current().workspace.sync;
  const outbox = () => sessions.current().workspace.outbox;
  const queue = async (mutation: OutboxMutation) => outbox().enqueue(mutation);

  return {
    'account:get': async () => {
      const mirrored = mirror().account();
      if (mirrored) return mirrored.account;
      // Not mirrored yet (a new profile): read it now, at a person's priority.
      return sessions.call((api) => api.account.get({ priority: 'user' }));
    },
    // Not queued: it carries the account password, which must never be written to disk.
    'account:update': async (input) => {
      await sessions.call((api) => api.account.update(input));
      void sync().refreshView({ kind: 'account' }, { force: true }).catch(() => {});
    },

    'links:list': async (query) => mirror().links(query),
    'links:facets': async (query) => mirror().facets(query),
    'links:get': async ({ id, force }) => sync().openLink(id, force ? { force } : {}),
    'links:reusable': async (query) => mirror().findReusable(query),
    'links:create': (input) => queue({ kind: 'link.create', input }),
    'links:update': ({ id, input }) => queue({ kind: 'link.update', id, input }),
    'links:delete': ({ id }) => queue({ kind: 'link.delete', id }),

    'channels:list': async () => mirror().channels(),
    'channels:items': async ({ id }) => mirror().channelItems(id),
    'channels:create': (input) => queue({ kind: 'channel.create', input }),
    'channels:update': ({ id, ...input }) => queue({ kind: 'channel.update', id, input }),
    'channels:delete': ({ id }) => queue({ kind: 'channel.delete', id }),
    'channels:assign': ({ channelId, type, itemId }) => queue({ kind: 'channel.assign', channelId, type, itemId }),

    'campaigns:list': async () => mirror().campaigns(),
    'campaigns:create': (input) => queue({ kind: 'campaign.create', input }),
    'campaigns:update': ({ id, ...input }) => queue({ kind: 'campaign.update', id, input }),
    'campaigns:delete': ({ id }) => queue({ kind: 'campaign.delete', id }),
    'campaigns:assign': ({ campaignId, linkId }) => queue({ kind: 'campaign.assign', campaignId, linkId }),

    'domains:list': async () => mirror().domains(),
    'domains:create': (input) => queue({ kind: 'domain.create', input: { ...input, domain: domainAddress(input.domain) } }),
    'domains:update': ({ id, ...input }) => queue({ kind: 'domain.update', id, input }),
    'domains:delete': ({ id }) => queue({ kind: 'domain.delete', id }),

    'pixels:list': async () => mirror().pixels(),
    'pixels:create': (input) => queue({ kind: 'pixel.create', input }),
    'pixels:update': ({ id, ...input }) => queue({ kind: 'pixel.update', id, input }),
    'pixels:delete': ({ id }) => queue({ kind: 'pixel.delete', id }),

    'qr:list': async () => mirror().qrs(),
    'qr:get': async ({ id, force }) => sync().openQr(id, force ? { force } : {}),
    'qr:create': (input) => queue({ kind: 'qr.create', input }),
    'qr:update': ({ id, ...input }) => queue({ kind: 'qr.update', id, input }),
    'qr:delete': ({ id }) => queue({ kind: 'qr.delete', id }),

    'overlays:list': async () => mirror().overlays(),
    'splash:list': async () => mirror().splashPages(),

    'outbox:list': async () => outbox().list(),
    'outbox:retry': async ({ opId, mutation }) => outbox().retry(opId, mutation),
    'outbox:discard': async ({ opId }) => outbox().discard(opId),
    'outbox:wait': async ({ opId }): Promise<OutboxOutcome> => {
      const result = await outbox().settled(opId);
      const answer = result.answer as { shortUrl?: unknown } | null;
      return { opId, id: result.id, shortUrl: typeof answer?.shortUrl === 'string' ? answer.shortUrl : null };
    },

    'sync:status': async () => sync().progress(),
    'sync:refresh': async ({ view, force }) => sync().refreshView(view, force ? { force } : {}),
  };
}
