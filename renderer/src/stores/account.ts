import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { BridgeError, call } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import { t } from '../i18n/index.js';
import type { Account, AccountUpdate } from '../../../electron/shared/models.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** The current profile's account on its service. */
export const useAccountStore = defineStore('account', () => {
  const value = ref<Account | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  const profiles = useProfilesStore();

  async function load(): Promise<void> {
    status.value = 'loading';
    try {
      const account: unknown = await call('account:get');
      if (!isRecord(account) || typeof account['email'] !== 'string') {
        throw new BridgeError('internal', t('account.unreadable'));
      }
      value.value = account as unknown as Account;
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      error.value = e;
      status.value = 'error';
    }
  }

  /** Rejects with the BridgeError so the form can show it; reloads the details on success. */
  async function update(patch: AccountUpdate): Promise<void> {
    await call('account:update', patch);
    await load();
  }

  // Another profile means another account: never show the previous one's details.
  watch(
    () => profiles.currentId,
    (id, before) => {
      if (id === before) return;
      const wasLoaded = status.value !== 'idle';
      value.value = null;
      error.value = null;
      status.value = 'idle';
      if (id && wasLoaded) void load();
    },
  );

  return { value, status, error, load, update };
});
