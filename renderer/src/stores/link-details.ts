import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { asMirrorLinkDetails } from '../composables/shape.js';
import type { MirrorLinkDetails } from '../../../electron/shared/models.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** The one link the detail drawer shows: its details and snapshots, from the mirror. */
export const useLinkDetailsStore = defineStore('link-details', () => {
  const id = ref<number | null>(null);
  const value = shallowRef<MirrorLinkDetails | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
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

  function open(linkId: number): Promise<void> {
    id.value = linkId;
    value.value = null;
    return load();
  }

  function close(): void {
    generation++;
    id.value = null;
    value.value = null;
    status.value = 'idle';
    error.value = null;
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

  return { id, value, status, error, open, close, load };
});
