import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { asBudgetState } from '../composables/shape.js';
import type { BudgetState } from '../../../electron/shared/contract.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** The current profile's rate budget, for the meter: read once, then kept fresh by pushes. */
export const useBudgetStore = defineStore('budget', () => {
  const value = ref<BudgetState | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  const profiles = useProfilesStore();
  // Counts pushes: a push that lands while a read is in flight is newer than the read's answer.
  let pushes = 0;

  async function load(): Promise<void> {
    if (status.value !== 'ready') status.value = 'loading';
    const pushesBefore = pushes;
    try {
      const budget = asBudgetState(await call('budget:state'));
      if (pushes !== pushesBefore && value.value) return;
      value.value = budget;
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      error.value = e;
      status.value = 'error';
    }
  }

  onEvent('budget:changed', (payload) => {
    const budget = asBudgetState(payload);
    // A push for another profile (one just switched away from) must not overwrite the meter.
    if (!budget || (budget.profileId && profiles.currentId && budget.profileId !== profiles.currentId)) return;
    pushes++;
    value.value = budget;
    status.value = 'ready';
    error.value = null;
  });

  watch(
    () => profiles.currentId,
    (id, before) => {
      if (id === before || status.value === 'idle') return;
      value.value = null;
      if (id) void load();
    },
  );

  return { value, status, error, load };
});
