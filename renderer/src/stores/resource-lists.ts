import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch, type Ref } from 'vue';
import { call, onEvent } from '../bridge.js';
import { asMirrorLinkPage, asMirrorList } from '../composables/shape.js';
import type { ChannelValue, RefreshView } from '../../../electron/shared/contract.js';
import type { LinkInput, MirrorLink, MirrorLinkQuery, MirrorList, NotOffered, OutboxItem } from '../../../electron/shared/models.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** The small collections: each read whole from the mirror, with no argument. */
export type CollectionChannel = 'channels:list' | 'campaigns:list' | 'domains:list' | 'pixels:list' | 'overlays:list' | 'splash:list' | 'qr:list';

export type ItemOf<C extends CollectionChannel> = ChannelValue<C> extends MirrorList<infer T> ? MirrorList<T>['items'][number] : never;

/** What every list store returns, whatever it lists. */
export interface ListState<T> {
  items: Ref<T[]>;
  total: Ref<number>;
  status: Ref<LoadStatus>;
  error: Ref<unknown>;
  /** Lists are read from the profile's offline mirror. */
  source: Ref<'mirror'>;
  /** Unix ms of the last complete sync of what the list shows, or null: never synced. */
  syncedAt: Ref<number | null>;
  /** Set when the profile's service has no endpoint for this collection (an older version). */
  notOffered: Ref<NotOffered | null>;
  load(): Promise<void>;
  /** Asks the sync to read what this list shows again from the service (the mirror answers meanwhile). */
  refresh(): Promise<void>;
  /**
   * A manual refresh: reads the list now, whatever its age, and asks again about a collection the
   * service did not offer. Rejects with the reason when the service could not be asked.
   */
  refreshNow(): Promise<void>;
}

/**
 * The parts every mirror-backed list shares: a generation counter so a late answer for a
 * previous profile (or query) is dropped, a reset on profile switch, and a reload whenever the
 * mirror says one of the list's topics changed.
 */
function useMirrorList<T>(
  topic: string,
  view: RefreshView,
  read: () => Promise<{ items: T[]; total: number; syncedAt: number | null; notOffered?: NotOffered | undefined }>,
): ListState<T> {
  const items = shallowRef<T[]>([]) as Ref<T[]>;
  const total = ref(0);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  const source = ref<'mirror'>('mirror');
  const syncedAt = ref<number | null>(null);
  const notOffered = ref<NotOffered | null>(null);
  const profiles = useProfilesStore();
  let generation = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    // A reload keeps the rows on screen: the mirror answers in milliseconds, a spinner would flicker.
    if (status.value !== 'ready') status.value = 'loading';
    try {
      const answer = await read();
      if (mine !== generation) return;
      items.value = answer.items;
      total.value = answer.total;
      syncedAt.value = answer.syncedAt;
      notOffered.value = answer.notOffered ?? null;
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      if (mine !== generation) return;
      error.value = e;
      status.value = 'error';
    }
  }

  async function refresh(): Promise<void> {
    try {
      await call('sync:refresh', { view });
    } catch {
      // Offline or out of budget: the mirror's copy stays on screen and the freshness line says how old it is.
    }
  }

  async function refreshNow(): Promise<void> {
    await call('sync:refresh', { view, force: true });
    await load();
  }

  onEvent('mirror:changed', (payload) => {
    if (status.value === 'idle' || !payload || !Array.isArray(payload.topics) || !payload.topics.includes(topic)) return;
    if (profiles.currentId && payload.profileId !== profiles.currentId) return;
    void load();
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now === before) return;
      const wasLoaded = status.value !== 'idle';
      generation++;
      items.value = [];
      total.value = 0;
      syncedAt.value = null;
      notOffered.value = null;
      error.value = null;
      status.value = 'idle';
      if (now && wasLoaded) void load();
    },
  );

  return { items, total, status, error, source, syncedAt, notOffered, load, refresh, refreshNow };
}

/** One store per small collection, all alike: the whole collection from the mirror. */
function defineCollectionStore<C extends CollectionChannel>(id: string, channel: C, view: RefreshView) {
  return defineStore(`list:${id}`, () =>
    useMirrorList<ItemOf<C>>(id, view, async () => {
      const run = call as (channel: CollectionChannel) => Promise<unknown>;
      const list = asMirrorList<ItemOf<C>>(await run(channel));
      return { items: list.items as ItemOf<C>[], total: list.items.length, syncedAt: list.syncedAt, notOffered: list.notOffered };
    }),
  );
}

export const useChannelsStore = defineCollectionStore('channels', 'channels:list', { kind: 'channels' });
export const useCampaignsStore = defineCollectionStore('campaigns', 'campaigns:list', { kind: 'campaigns' });
export const useDomainsStore = defineCollectionStore('domains', 'domains:list', { kind: 'domains' });
export const usePixelsStore = defineCollectionStore('pixels', 'pixels:list', { kind: 'pixels' });
export const useOverlaysStore = defineCollectionStore('overlays', 'overlays:list', { kind: 'overlays' });
export const useSplashStore = defineCollectionStore('splash', 'splash:list', { kind: 'splash' });
/** QR codes as listed (issue 31); the QR section's own store (qr-codes.ts) searches and changes them. */
export const useQrListStore = defineCollectionStore('qrs', 'qr:list', { kind: 'qrs' });

/** The window of links the Links view shows: the newest first. */
export const LINKS_WINDOW = { offset: 0, limit: 100, sort: 'date' } as const satisfies MirrorLinkQuery;

/** The links: a searched window of the mirror, and the creates made from the Links view. */
export const useLinksStore = defineStore('list:links', () => {
  const query = ref('');
  const list = useMirrorList<MirrorLink>('links', { kind: 'links', sort: 'date' }, async () => {
    const q = query.value.trim();
    const page = asMirrorLinkPage(await call('links:list', { ...LINKS_WINDOW, ...(q ? { q } : {}) }));
    return { items: page.items, total: page.total, syncedAt: page.syncedAt };
  });
  const searching = computed(() => query.value.trim() !== '');

  /** Searches as the user types; the view debounces. */
  function search(q: string): Promise<void> {
    query.value = q;
    return list.load();
  }

  /** Saves the link in the outbox (shown at once as pending); the mirror's change reloads the list. */
  async function create(input: LinkInput): Promise<OutboxItem> {
    const item = await call('links:create', input);
    void list.load();
    return item;
  }

  /** Waits for the service's answer: the short URL. Rejects with the reason when it was refused. */
  function waitFor(opId: string) {
    return call('outbox:wait', { opId });
  }

  return { ...list, query, searching, search, create, waitFor };
});
