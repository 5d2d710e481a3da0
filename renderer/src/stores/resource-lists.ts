import { defineStore } from 'pinia';
import { ref, shallowRef, watch, type Ref } from 'vue';
import { call } from '../bridge.js';
import { asPage } from '../composables/shape.js';
import type { ChannelValue } from '../../../electron/shared/contract.js';
import type { Page } from '../../../electron/shared/models.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** The list channels that take a page query and answer one page. */
export type ListChannel = 'links:list' | 'channels:list' | 'campaigns:list' | 'domains:list' | 'pixels:list' | 'overlays:list' | 'splash:list';

export type ItemOf<C extends ListChannel> = ChannelValue<C> extends Page<infer T> ? T : never;

/** What every list store returns, whatever it lists. */
export interface ListState<T> {
  items: Ref<T[]>;
  total: Ref<number>;
  status: Ref<LoadStatus>;
  error: Ref<unknown>;
  /** Where the items come from: the service for now; the offline mirror in a later issue. */
  source: Ref<'network' | 'mirror'>;
  /** Unix ms of the last successful load, or null. */
  syncedAt: Ref<number | null>;
  load(): Promise<void>;
}

/**
 * One store per list resource, all alike: page 1 from the service, reset when the profile
 * changes. Later issues replace the source with the offline mirror behind the same shape.
 */
function defineListStore<C extends ListChannel>(id: string, channel: C) {
  return defineStore(`list:${id}`, () => {
    const items = shallowRef<ItemOf<C>[]>([]);
    const total = ref(0);
    const status = ref<LoadStatus>('idle');
    const error = ref<unknown>(null);
    const source = ref<'network' | 'mirror'>('network');
    const syncedAt = ref<number | null>(null);
    const profiles = useProfilesStore();
    let generation = 0;

    async function load(): Promise<void> {
      const mine = ++generation;
      status.value = 'loading';
      try {
        const run = call as (channel: ListChannel, arg: { page: number }) => Promise<unknown>;
        const page = asPage<ItemOf<C>>(await run(channel, { page: 1 }));
        // A profile switch while this was in flight started a newer load: drop this answer.
        if (mine !== generation) return;
        items.value = page.items;
        total.value = page.total;
        syncedAt.value = Date.now();
        status.value = 'ready';
        error.value = null;
      } catch (e) {
        if (mine !== generation) return;
        error.value = e;
        status.value = 'error';
      }
    }

    watch(
      () => profiles.currentId,
      (now, before) => {
        if (now === before) return;
        const wasLoaded = status.value !== 'idle';
        generation++;
        items.value = [];
        total.value = 0;
        syncedAt.value = null;
        error.value = null;
        status.value = 'idle';
        if (now && wasLoaded) void load();
      },
    );

    const state: ListState<ItemOf<C>> = { items, total, status, error, source, syncedAt, load };
    return state;
  });
}

export const useLinksStore = defineListStore('links', 'links:list');
export const useChannelsStore = defineListStore('channels', 'channels:list');
export const useCampaignsStore = defineListStore('campaigns', 'campaigns:list');
export const useDomainsStore = defineListStore('domains', 'domains:list');
export const usePixelsStore = defineListStore('pixels', 'pixels:list');
export const useOverlaysStore = defineListStore('overlays', 'overlays:list');
export const useSplashStore = defineListStore('splash', 'splash:list');
