import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { isSyncProgress } from '../composables/shape.js';
import type { SyncProgress } from '../../../electron/shared/models.js';
import { useProfilesStore } from './profiles.js';

/** What the current profile's sync is doing, for the indicator in the top bar. */
export const useSyncStore = defineStore('sync', () => {
  const value = ref<SyncProgress | null>(null);
  const profiles = useProfilesStore();
  let pushes = 0;

  async function load(): Promise<void> {
    const before = pushes;
    try {
      const progress = await call('sync:status');
      if (pushes !== before || !isSyncProgress(progress)) return;
      value.value = progress;
    } catch {
      // No progress to show: the indicator stays quiet.
    }
  }

  onEvent('sync:progress', (payload) => {
    if (!isSyncProgress(payload)) return;
    if (profiles.currentId && payload.profileId !== profiles.currentId) return;
    pushes++;
    value.value = payload;
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now === before) return;
      value.value = null;
      if (now) void load();
    },
  );

  return { value, load };
});
