import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { asOutboxItems, isRecord } from '../composables/shape.js';
import type { OutboxItem, OutboxSummary } from '../../../electron/shared/models.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** The current profile's outbox: the count for the sidebar badge, and its items for the Outbox view. */
export const useOutboxStore = defineStore('outbox', () => {
  const items = shallowRef<OutboxItem[]>([]);
  const summary = ref<OutboxSummary>({ queued: 0, failed: 0, sending: false });
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  const profiles = useProfilesStore();
  let generation = 0;

  /** What the sidebar badge counts: everything not yet confirmed, failed included. */
  const count = computed(() => summary.value.queued + summary.value.failed);

  async function load(): Promise<void> {
    const mine = ++generation;
    if (status.value !== 'ready') status.value = 'loading';
    try {
      const list = asOutboxItems(await call('outbox:list'));
      if (mine !== generation) return;
      items.value = list;
      // The list is the truth until the next push: the badge agrees with what the view shows.
      summary.value = {
        queued: list.filter((i) => i.state !== 'failed').length,
        failed: list.filter((i) => i.state === 'failed').length,
        sending: list.some((i) => i.state === 'sending'),
      };
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      if (mine !== generation) return;
      error.value = e;
      status.value = 'error';
    }
  }

  /** Rejects with the BridgeError so the view can say why. */
  async function retry(opId: string): Promise<void> {
    await call('outbox:retry', { opId });
    await load();
  }

  async function discard(opId: string): Promise<void> {
    await call('outbox:discard', { opId });
    await load();
  }

  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  onEvent('outbox:changed', (payload) => {
    if (!isRecord(payload)) return;
    if (profiles.currentId && payload['profileId'] !== profiles.currentId) return;
    summary.value = { queued: n(payload['queued']), failed: n(payload['failed']), sending: payload['sending'] === true };
    if (status.value !== 'idle') void load();
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now === before) return;
      generation++;
      items.value = [];
      summary.value = { queued: 0, failed: 0, sending: false };
      error.value = null;
      const wasLoaded = status.value !== 'idle';
      status.value = 'idle';
      // The badge needs the new profile's count even when the view is closed.
      if (now) void (wasLoaded ? load() : loadCount());
    },
  );

  /** Only the count, for the badge: the list read, without showing it as loaded. */
  async function loadCount(): Promise<void> {
    try {
      const list = asOutboxItems(await call('outbox:list'));
      summary.value = { queued: list.filter((i) => i.state !== 'failed').length, failed: list.filter((i) => i.state === 'failed').length, sending: false };
    } catch {
      // The badge stays at zero; the Outbox view says what went wrong when opened.
    }
  }

  return { items, summary, count, status, error, load, loadCount, retry, discard };
});
