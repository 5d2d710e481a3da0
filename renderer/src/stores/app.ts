import { defineStore } from 'pinia';
import { ref } from 'vue';
import { call } from '../bridge.js';
import type { AppInfo } from '../../../electron/shared/contract.js';
import type { LoadStatus } from './load-status.js';

/** Name, version and hosting shell of the app (shown in Settings). */
export const useAppStore = defineStore('app', () => {
  const value = ref<AppInfo | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);

  async function load(): Promise<void> {
    status.value = 'loading';
    try {
      value.value = await call('app:info');
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      error.value = e;
      status.value = 'error';
    }
  }

  return { value, status, error, load };
});
