import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { onEvent } from '../bridge.js';
import { isConnectionState } from '../composables/shape.js';
import type { ConnectionState } from '../../../electron/shared/contract.js';
import type { LoadStatus } from './load-status.js';

/**
 * Whether the current profile's service answers. The backend pushes a change when it notices
 * one; until the first push the service is assumed reachable (the status says `idle`).
 */
export const useConnectionStore = defineStore('connection', () => {
  const value = ref<ConnectionState | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);

  const online = computed(() => value.value?.online ?? true);
  const reason = computed(() => (value.value && !value.value.online ? (value.value.reason ?? null) : null));

  onEvent('connection:changed', (payload) => {
    if (!isConnectionState(payload)) return;
    value.value = payload;
    status.value = 'ready';
  });

  return { value, status, error, online, reason };
});
