import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { call, onEvent } from '../bridge.js';
import { isConnectionState } from '../composables/shape.js';
import type { ConnectionState } from '../../../electron/shared/contract.js';
import type { LoadStatus } from './load-status.js';
import { keptText } from '../composables/kept-text.js';

/**
 * Whether the current profile's service answers: read once, then kept fresh by the pushes the
 * backend sends when it notices a change.
 */
export const useConnectionStore = defineStore('connection', () => {
  const value = ref<ConnectionState | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);

  const online = computed(() => value.value?.online ?? true);
  // Worded here, in the language of now: a language switch re-words it (composables/kept-text.ts).
  const reason = computed(() =>
    value.value && !value.value.online && value.value.reason !== undefined ? keptText(value.value.reasonRef, value.value.reason) : null,
  );

  let pushes = 0;
  async function load(): Promise<void> {
    const pushesBefore = pushes;
    try {
      const state = await call('connection:state');
      // A push that landed while the read was in flight is newer than its answer.
      if (pushes !== pushesBefore || !isConnectionState(state)) return;
      value.value = state;
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      error.value = e;
    }
  }

  onEvent('connection:changed', (payload) => {
    if (!isConnectionState(payload)) return;
    pushes++;
    value.value = payload;
    status.value = 'ready';
  });

  return { value, status, error, online, reason, load };
});
