import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { call } from '../bridge.js';
import { BULK_MAX_ROWS, type BulkJob } from '../../../electron/shared/bulk.js';
import type { TransferMode, TransferPlan, TransferRequest } from '../../../electron/shared/transfer.js';
import { useProfilesStore } from './profiles.js';

export type TransferPhase = 'choosing' | 'checking' | 'checked' | 'starting';

/**
 * Copying or moving the links checked in the list to another profile: what the person chose, the
 * dry run for exactly those choices, and the start. The choices outlive a failed dry run or start
 * (and a closed dialog): nothing chosen is lost; only a different choice makes the dry run stale.
 */
export const useTransferStore = defineStore('transfer', () => {
  const profiles = useProfilesStore();

  const open = ref(false);
  /** The source links, by mirror id (the current profile's). */
  const ids = shallowRef<number[]>([]);
  const targetId = ref<string | null>(null);
  const mode = ref<TransferMode>('copy');
  const aliasTaken = ref<TransferRequest['aliasTaken']>('random');
  /** Only ever true after the person ticked the box under the dry run's list of names. */
  const createMissing = ref(false);
  const phase = ref<TransferPhase>('choosing');
  const plan = shallowRef<TransferPlan | null>(null);
  /** The BridgeError of the last dry run or start (its message is in words). */
  const planError = shallowRef<unknown>(null);
  const startError = shallowRef<unknown>(null);

  /** Every profile but the current one: the current one is the source. */
  const targets = computed(() => profiles.items.filter((p) => p.id !== profiles.currentId));
  const target = computed(() => targets.value.find((p) => p.id === targetId.value) ?? null);
  const tooMany = computed(() => ids.value.length > BULK_MAX_ROWS);

  const request = (): TransferRequest | null =>
    targetId.value === null ? null : { targetProfileId: targetId.value, mode: mode.value, ids: ids.value, createMissing: createMissing.value, aliasTaken: aliasTaken.value };

  // A dry run answers one set of choices: another target, mode or alias rule needs a new one, and
  // names confirmed for one target are not confirmed for another.
  watch([targetId, mode, aliasTaken], () => {
    plan.value = null;
    createMissing.value = false;
    planError.value = null;
    startError.value = null;
    if (phase.value === 'checked') phase.value = 'choosing';
  });

  /**
   * Opens the dialog for these links. It opens on Copy every time: a move deletes from this
   * profile, so it is never carried over from an earlier dialog (or another profile) unseen. The
   * target and the alias rule of the last time stay when they still apply.
   */
  function openFor(selected: number[]): void {
    ids.value = selected;
    mode.value = 'copy';
    readError.value = null;
    plan.value = null;
    createMissing.value = false;
    planError.value = null;
    startError.value = null;
    phase.value = 'choosing';
    if (!targets.value.some((p) => p.id === targetId.value)) targetId.value = targets.value.length === 1 ? targets.value[0]!.id : null;
    open.value = true;
  }

  function close(): void {
    if (phase.value === 'starting') return;
    stopReading();
    open.value = false;
  }

  /** The dry run (no request to any service). Resolves false when it failed: `planError` says why. */
  async function check(): Promise<boolean> {
    const req = request();
    if (!req || tooMany.value || phase.value === 'checking' || phase.value === 'starting') return false;
    phase.value = 'checking';
    planError.value = null;
    startError.value = null;
    try {
      const answer = await call('transfer:plan', { ...req, createMissing: false });
      plan.value = answer;
      createMissing.value = false;
      phase.value = 'checked';
      return true;
    } catch (e) {
      planError.value = e;
      phase.value = plan.value ? 'checked' : 'choosing';
      return false;
    }
  }

  /** Reading the details of the links the dry run could not copy for lack of them. */
  const reading = ref<{ done: number; total: number; failed: number } | null>(null);
  const readError = shallowRef<unknown>(null);
  let readGeneration = 0;

  /**
   * Reads the details of the links the dry run found never read (one request each, through the
   * rate budget's queue at a person's priority: the budget paces them), then checks again.
   * Resolves when done or stopped; `reading` says how far it got.
   */
  async function readDetails(): Promise<void> {
    const wanted = plan.value?.unreadable.filter((u) => u.neverRead).map((u) => u.id) ?? [];
    if (wanted.length === 0 || reading.value) return;
    const mine = ++readGeneration;
    reading.value = { done: 0, total: wanted.length, failed: 0 };
    readError.value = null;
    // Two at a time: the queue sends them as fast as the budget allows, no faster.
    let next = 0;
    const worker = async () => {
      while (next < wanted.length && mine === readGeneration) {
        const id = wanted[next++] as number;
        try {
          await call('links:get', { id, force: true });
        } catch (e) {
          if (mine !== readGeneration) return;
          readError.value = e;
          reading.value = { ...reading.value!, failed: reading.value!.failed + 1 };
        }
        if (mine !== readGeneration) return;
        reading.value = { ...reading.value!, done: reading.value!.done + 1 };
      }
    };
    await Promise.all([worker(), worker()]);
    if (mine !== readGeneration) return;
    reading.value = null;
    await check();
  }

  /** Stops reading details (what was read stays read). */
  function stopReading(): void {
    readGeneration++;
    reading.value = null;
  }

  /** Starts the job the dry run described; null when it failed (`startError` says why). */
  async function start(): Promise<BulkJob | null> {
    const req = request();
    if (!req || !plan.value || phase.value !== 'checked') return null;
    phase.value = 'starting';
    startError.value = null;
    try {
      const job = await call('transfer:start', req);
      phase.value = 'choosing';
      plan.value = null;
      createMissing.value = false;
      open.value = false;
      return job;
    } catch (e) {
      startError.value = e;
      phase.value = 'checked';
      return null;
    }
  }

  // Another profile is another source: what was checked in the old one means nothing there.
  watch(
    () => profiles.currentId,
    () => {
      open.value = false;
      ids.value = [];
      plan.value = null;
      createMissing.value = false;
      phase.value = 'choosing';
    },
  );

  return {
    open,
    ids,
    targetId,
    mode,
    aliasTaken,
    createMissing,
    phase,
    plan,
    planError,
    startError,
    reading,
    readError,
    targets,
    target,
    tooMany,
    openFor,
    close,
    check,
    start,
    readDetails,
    stopReading,
  };
});
