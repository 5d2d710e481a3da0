import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { call, onEvent } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import type { LiveFetchProgress, LiveFetchRequest, LiveSource } from '../../../electron/shared/live-import.js';
import { useBulkStore } from './bulk.js';

export type LiveFetchStatus = 'idle' | 'fetching' | 'error';

/**
 * A fetch of links from another service's API (Kutt, Shlink, Dub) for the bulk import. The key
 * is an argument of `fetch` only: this store never holds it. A fetched table goes to the bulk
 * store's mapping step as a file would.
 */
export const useLiveImportStore = defineStore('live-import', () => {
  const bulk = useBulkStore();
  const status = ref<LiveFetchStatus>('idle');
  const progress = shallowRef<LiveFetchProgress | null>(null);
  /** The BridgeError of the last fetch (its message is in words). */
  const error = shallowRef<unknown>(null);
  let source: LiveSource | null = null;

  /** Resolves true when the table went to the mapping step, false when it failed or was cancelled. */
  async function fetch(request: LiveFetchRequest): Promise<boolean> {
    status.value = 'fetching';
    progress.value = null;
    error.value = null;
    source = request.source;
    try {
      const result = await call('import:fetch-source', request);
      bulk.useFetched(result);
      status.value = 'idle';
      return true;
    } catch (e) {
      const cancelled = isRecord(e) && isRecord(e['details']) && e['details']['cancelled'] === true;
      status.value = cancelled ? 'idle' : 'error';
      error.value = cancelled ? null : e;
      return false;
    } finally {
      source = null;
    }
  }

  async function cancel(): Promise<void> {
    await call('import:cancel-fetch');
  }

  onEvent('import:progress', (payload) => {
    if (status.value !== 'fetching' || !isRecord(payload) || payload['source'] !== source) return;
    if (typeof payload['fetched'] !== 'number' || typeof payload['pages'] !== 'number') return;
    progress.value = payload as unknown as LiveFetchProgress;
  });

  return { status, progress, error, fetch, cancel };
});
