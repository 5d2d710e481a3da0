import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import type { HealthJob, HealthSettings, LinkHealth } from '../../../electron/shared/health.js';
import { useProfilesStore } from './profiles.js';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A job as pushed or answered; null when the shape is not one. */
export function asHealthJob(value: unknown): HealthJob | null {
  if (!isRecord(value) || typeof value['id'] !== 'string') return null;
  const status = value['status'];
  if (status !== 'running' && status !== 'done' && status !== 'cancelled') return null;
  if (!finite(value['total']) || !finite(value['checked']) || !finite(value['broken']) || !finite(value['startedAt'])) return null;
  return {
    id: value['id'],
    status,
    total: value['total'],
    checked: value['checked'],
    broken: value['broken'],
    notChecked: finite(value['notChecked']) ? value['notChecked'] : 0,
    startedAt: value['startedAt'],
    finishedAt: finite(value['finishedAt']) ? value['finishedAt'] : null,
  };
}

/**
 * Link health checks of the current profile: the running (or last) job, its progress as pushed,
 * and each link's last check for the detail view. The checks go from this computer to the
 * target sites, never through the service: they cost no rate budget. Also the app-wide setting
 * that lets checks reach addresses on the user's own network.
 */
export const useLinkHealthStore = defineStore('link-health', () => {
  const profiles = useProfilesStore();
  const job = shallowRef<HealthJob | null>(null);
  const error = ref<unknown>(null);
  const starting = ref(false);
  /** Bumped when a job ends: the detail view reads its link's result again. */
  const finishedCount = ref(0);

  const running = computed(() => job.value?.status === 'running');
  /** The app-wide settings; null until read. */
  const settings = shallowRef<HealthSettings | null>(null);
  const settingsError = ref<unknown>(null);
  const savingSettings = ref(false);

  function take(next: HealthJob | null): void {
    const was = job.value;
    job.value = next;
    if (next && next.status !== 'running' && (was?.status === 'running' || was?.id !== next.id)) finishedCount.value++;
  }

  async function load(): Promise<void> {
    try {
      take(asHealthJob(await call('health:status')));
    } catch {
      // The progress line is a help: without it, checks still run and badges still show.
    }
  }

  /** Starts checking these links (all mirrored links without ids). Rejects with the reason. */
  async function check(ids?: number[]): Promise<HealthJob | null> {
    starting.value = true;
    error.value = null;
    try {
      const started = asHealthJob(await call('health:check', ids ? { ids } : {}));
      // Its progress may have come first (a small job can end before the answer): keep the newer.
      if (started && !(job.value?.id === started.id && job.value.status !== 'running')) job.value = started;
      return started;
    } catch (e) {
      error.value = e;
      throw e;
    } finally {
      starting.value = false;
    }
  }

  async function cancel(): Promise<void> {
    try {
      take(asHealthJob(await call('health:cancel')));
    } catch (e) {
      error.value = e;
    }
  }

  /** One link's last check (null: never checked, or its long URL changed since). */
  async function get(id: number): Promise<LinkHealth | null> {
    const value = await call('health:get', { id });
    return isRecord(value) ? (value as unknown as LinkHealth) : null;
  }

  async function loadSettings(): Promise<void> {
    settingsError.value = null;
    try {
      const value = await call('health:settings');
      settings.value = { checkOwnNetwork: isRecord(value) && value['checkOwnNetwork'] === true };
    } catch (e) {
      settingsError.value = e;
    }
  }

  /** Saves the setting; on a refusal the switch shows what is saved, and the error says why. */
  async function configure(next: HealthSettings): Promise<void> {
    savingSettings.value = true;
    settingsError.value = null;
    try {
      const value = await call('health:configure', { checkOwnNetwork: next.checkOwnNetwork });
      settings.value = { checkOwnNetwork: isRecord(value) && value['checkOwnNetwork'] === true };
    } catch (e) {
      settingsError.value = e;
    } finally {
      savingSettings.value = false;
    }
  }

  onEvent('health:progress', (payload) => {
    if (!isRecord(payload)) return;
    if (profiles.currentId && payload['profileId'] !== profiles.currentId) return;
    const next = asHealthJob(payload);
    // A late progress event of a job must not overwrite the finished state.
    if (next && !(job.value?.id === next.id && job.value.status !== 'running' && next.status === 'running')) take(next);
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now === before) return;
      job.value = null;
      error.value = null;
    },
  );

  return { job, error, starting, running, finishedCount, load, check, cancel, get, settings, settingsError, savingSettings, loadSettings, configure };
});
