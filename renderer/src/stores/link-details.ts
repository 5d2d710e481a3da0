import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { asMirrorLinkDetails } from '../composables/shape.js';
import type { MirrorLinkDetails } from '../../../electron/shared/models.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** Names of the objects a link's details refer to by id (pixels, channel, campaign). */
export interface DetailNames {
  pixels: Map<number, string>;
  channels: Map<number, string>;
  campaigns: Map<number, string>;
}

const emptyNames = (): DetailNames => ({ pixels: new Map(), channels: new Map(), campaigns: new Map() });

/** id → name of a mirrored list's items; an unreadable answer gives no names (ids are shown instead). */
function namesOf(value: unknown): Map<number, string> {
  const items = typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items) ? (value as { items: unknown[] }).items : [];
  const names = new Map<number, string>();
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, name } = item as { id?: unknown; name?: unknown };
    if (typeof id === 'number' && typeof name === 'string') names.set(id, name);
  }
  return names;
}

/** The one link the detail drawer shows: its details and snapshots, from the mirror. */
export const useLinkDetailsStore = defineStore('link-details', () => {
  const id = ref<number | null>(null);
  const value = shallowRef<MirrorLinkDetails | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  /** A forced read from the service is on its way (the figures shown stay until it answers). */
  const refreshing = ref(false);
  const refreshError = ref<unknown>(null);
  const names = shallowRef<DetailNames>(emptyNames());
  const profiles = useProfilesStore();
  let generation = 0;

  async function load(): Promise<void> {
    const wanted = id.value;
    if (wanted === null) return;
    const mine = ++generation;
    if (value.value?.link.id !== wanted) status.value = 'loading';
    try {
      const details = asMirrorLinkDetails(await call('links:get', { id: wanted }));
      if (mine !== generation) return;
      value.value = details;
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      if (mine !== generation) return;
      error.value = e;
      status.value = 'error';
    }
  }

  /** Reads the link again from the service now, whatever the age of the mirror's copy (costs 1 request). */
  async function refresh(): Promise<void> {
    if (id.value === null || refreshing.value) return;
    refreshing.value = true;
    refreshError.value = null;
    const wanted = id.value;
    try {
      const details = asMirrorLinkDetails(await call('links:get', { id: wanted, force: true }));
      if (id.value !== wanted) return;
      generation++;
      value.value = details;
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      if (id.value === wanted) refreshError.value = e;
    } finally {
      refreshing.value = false;
    }
  }

  /** Pixel, channel and campaign names, from the mirror (no request to the service). */
  async function loadNames(): Promise<void> {
    const [pixels, channels, campaigns] = await Promise.all(
      (['pixels:list', 'channels:list', 'campaigns:list'] as const).map((channel) => call(channel).catch(() => null)),
    );
    names.value = { pixels: namesOf(pixels), channels: namesOf(channels), campaigns: namesOf(campaigns) };
  }

  /** Opens a link's URL in the OS browser (http and https only: the backend refuses the rest). */
  async function openExternal(url: string): Promise<void> {
    await call('app:open-external', { url });
  }

  function open(linkId: number): Promise<void> {
    id.value = linkId;
    value.value = null;
    refreshError.value = null;
    void loadNames();
    return load();
  }

  function close(): void {
    generation++;
    id.value = null;
    value.value = null;
    status.value = 'idle';
    error.value = null;
    refreshError.value = null;
  }

  // The link's sync (or its create being confirmed) changes what the drawer shows.
  onEvent('mirror:changed', (payload) => {
    if (id.value === null || status.value === 'loading' || !Array.isArray(payload?.topics) || !payload.topics.includes('links')) return;
    if (profiles.currentId && payload.profileId !== profiles.currentId) return;
    void load();
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now !== before) close();
    },
  );

  return { id, value, status, error, refreshing, refreshError, names, open, close, load, refresh, loadNames, openExternal };
});
