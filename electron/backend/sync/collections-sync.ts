import type { ChannelItem, OptionalCollection, SyncCollection } from '../../shared/models.js';
import {
  applyChannelPass,
  CAMPAIGNS,
  CHANNELS,
  DOMAINS,
  forgetCampaign,
  forgetChannel,
  OVERLAYS,
  PIXELS,
  replaceChannelItems,
  replaceCollection,
  SPLASH_PAGES,
  storeAccount,
} from '../mirror/collections.js';
import { msg, type MessageRef } from '../../shared/message-ref.js';
import { isApiClientError, type ApiClientError } from '../api/errors.js';
import { answerParams, isCollectionMissing } from '../api/not-offered.js';
import {
  clearNotOffered,
  OPTIONAL_COLLECTIONS,
  readNotOffered,
  writeNotOffered,
} from '../mirror/offered.js';
import { forgetQr, QRS, withKnownContent } from '../mirror/qr-codes.js';
import { walkPages, type FetchPage } from './pages.js';
import { request, type SyncContext } from './sync-context.js';

/** The collections replaced whole at each sync (a few pages each): the ones a service may lack. */
export type SmallCollection = OptionalCollection;

export const SMALL_COLLECTIONS: readonly SmallCollection[] = OPTIONAL_COLLECTIONS;

export async function syncAccount(ctx: SyncContext): Promise<void> {
  const account = await request(
    ctx,
    'account',
    (o) => ctx.api.account.get(o),
    () => ({
      items: 1,
      total: 1,
    }),
  );
  const now = ctx.clock.now();
  ctx.mirror.write(['account'], () => {
    storeAccount(ctx.mirror.sql, account, now);
    ctx.mirror.markSynced('account', now);
  });
  ctx.apiAnswered = true;
}

/** The object of each collection as the service's messages name it ("No domain found"). */
const NOUN: Record<SmallCollection, string> = {
  domains: 'domain',
  channels: 'channel',
  campaigns: 'campaign',
  pixels: 'pixel',
  overlays: 'overlay',
  splash: 'splash',
  qrs: 'qr',
};

const PATH: Record<SmallCollection, string> = {
  domains: '/api/domains',
  channels: '/api/channels',
  campaigns: '/api/campaigns',
  pixels: '/api/pixels',
  overlays: '/api/overlay',
  splash: '/api/splash',
  qrs: '/api/qr',
};

/**
 * Every page of one small collection, then one transaction replacing it in the mirror. A
 * collection the service has no endpoint for is marked "not offered" instead of failing the run
 * (see mirror/offered.ts): a 6.1-era deployment lacks domains, channels and campaigns, and its
 * links and other collections must still be mirrored. Such a collection is asked again once the
 * mark is a day old, or at once when `askAgain` (a manual refresh).
 */
export async function syncSmallCollection(
  ctx: SyncContext,
  kind: SmallCollection,
  options: { askAgain?: boolean } = {},
): Promise<void> {
  const mark = readNotOffered(ctx.mirror.sql, kind);
  if (mark && !options.askAgain && ctx.clock.now() < mark.nextCheckAt) return;
  try {
    await readSmallCollection(ctx, kind);
  } catch (error) {
    // 7.6.3 answers a key without the QR permission with an error and HTTP 200: for this
    // profile the collection is not offered either (api/qr-codes.ts words it).
    const notPermitted = isApiClientError(error) && error.details?.['notPermitted'] === true;
    if (!notPermitted && !isCollectionMissing(error, NOUN[kind])) throw error;
    // A wrong base URL answers every path alike: only a service whose API answers lacks a route.
    // The account's own failure (the existing "no link service API at this base URL") is thrown.
    if (!ctx.apiAnswered) await syncAccount(ctx);
    // Kept as a message (issue 44): the section says it in the person's language.
    const apiError = error as ApiClientError;
    const words: string | MessageRef = notPermitted
      ? (apiError.ref ?? apiError.message)
      : msg('errors.notOffered.collection', { collection: kind, ...answerParams(apiError), path: PATH[kind] });
    const now = ctx.clock.now();
    ctx.mirror.write([kind], () => writeNotOffered(ctx.mirror.sql, kind, words, now));
  }
}

async function readSmallCollection(ctx: SyncContext, kind: SmallCollection): Promise<void> {
  const { api, mirror } = ctx;
  const sql = mirror.sql;
  const collect = async <T>(fetch: FetchPage<T>): Promise<T[]> => {
    const items: T[] = [];
    await walkPages(ctx, kind, fetch, { onPage: (page) => void items.push(...page.items) });
    return items;
  };
  const page = (p: number, limit: number | undefined) => ({ page: p, ...(limit ? { limit } : {}) });
  const now = ctx.clock.now();
  const store = (fn: () => void) =>
    mirror.write([kind, 'links', 'channel-items'], () => {
      fn();
      mirror.markSynced(kind, now);
      clearNotOffered(sql, kind);
    });
  switch (kind) {
    case 'domains': {
      const items = await collect((p, l, o) => api.domains.list(page(p, l), o));
      return store(() => replaceCollection(sql, DOMAINS, items, now));
    }
    case 'channels': {
      const items = await collect((p, l, o) => api.channels.list(page(p, l), o));
      return store(() => replaceCollection(sql, CHANNELS, items, now, forgetChannel));
    }
    case 'campaigns': {
      const items = await collect((p, l, o) => api.campaigns.list(page(p, l), o));
      return store(() => replaceCollection(sql, CAMPAIGNS, items, now, forgetCampaign));
    }
    case 'pixels': {
      const items = await collect((p, l, o) => api.pixels.list(page(p, l), o));
      return store(() => replaceCollection(sql, PIXELS, items, now));
    }
    case 'overlays': {
      const items = await collect((p, l, o) => api.overlays.list(page(p, l), o));
      return store(() => replaceCollection(sql, OVERLAYS, items, now));
    }
    case 'splash': {
      const items = await collect((p, l, o) => api.splash.list(page(p, l), o));
      return store(() => replaceCollection(sql, SPLASH_PAGES, items, now));
    }
    case 'qrs': {
      const items = await collect((p, l, o) => api.qrs.list(page(p, l), o));
      return store(() => replaceCollection(sql, QRS, withKnownContent(sql, items), now, forgetQr));
    }
  }
}

/** The items of one channel, replacing what the mirror had for it. */
export async function syncOneChannelItems(ctx: SyncContext, channelId: number): Promise<void> {
  const items: ChannelItem[] = [];
  await walkPages(
    ctx,
    'channel-items',
    (p, limit, o) => ctx.api.channels.items(channelId, { page: p, ...(limit ? { limit } : {}) }, o),
    { onPage: (page) => void items.push(...page.items) },
  );
  ctx.mirror.write(['channel-items', 'links'], () =>
    replaceChannelItems(ctx.mirror.sql, channelId, items),
  );
}

/**
 * The items of every channel: the cheap way to know which channel each link is in (one
 * request per channel instead of one per link). When every channel was read, each link that
 * existed before the pass began is known to be in the channel listing it, or in none.
 */
export async function syncChannelItems(ctx: SyncContext): Promise<void> {
  const startedAt = ctx.clock.now();
  const channelIds = ctx.mirror
    .channels()
    .items.filter((c) => !c.provisional)
    .map((c) => c.id);
  ctx.progress.expect('channel-items', channelIds.length);
  for (const id of channelIds) await syncOneChannelItems(ctx, id);
  ctx.mirror.write(['links', 'channel-items'], () => {
    applyChannelPass(ctx.mirror.sql, startedAt);
    ctx.mirror.markSynced('channel-items', ctx.clock.now());
  });
}

/** Requests a first sync of the small collections is expected to take (one page each). */
export const SMALL_PLAN: Partial<Record<SyncCollection, number>> = {
  account: 1,
  domains: 1,
  channels: 1,
  campaigns: 1,
  pixels: 1,
  overlays: 1,
  splash: 1,
  qrs: 1,
};
