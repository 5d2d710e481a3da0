import { ref } from 'vue';
import { errorText } from '../../composables/error-text.js';
import type { OutboxItem } from '../../../../electron/shared/models.js';
import { discardOperation, waitForOutcome } from './channel-calls.js';

export type SavePhase = 'editing' | 'sending' | 'done' | 'failed';

/**
 * A change through the outbox: queued at once (shown pending), then the service's answer awaited
 * so a refusal is shown in its own words next to the form that made it.
 */
export function useOutboxSave() {
  const phase = ref<SavePhase>('editing');
  const failure = ref<string | null>(null);
  /** The refused change, kept in the outbox (shown failed) until discarded or sent again. */
  const failedOpId = ref<string | null>(null);

  async function run(send: () => Promise<OutboxItem>): Promise<boolean> {
    // Sending again replaces the refused change rather than leaving it failed beside the new one.
    if (failedOpId.value) await discard();
    phase.value = 'sending';
    failure.value = null;
    let opId: string | null = null;
    try {
      const item = await send();
      opId = item.opId;
      await waitForOutcome(item.opId);
      phase.value = 'done';
      return true;
    } catch (e) {
      failure.value = errorText(e);
      failedOpId.value = opId;
      phase.value = 'failed';
      return false;
    }
  }

  /** Drops the refused change; true when it is gone. */
  async function discard(): Promise<boolean> {
    const opId = failedOpId.value;
    if (!opId) return true;
    try {
      await discardOperation(opId);
      failedOpId.value = null;
      return true;
    } catch (e) {
      failure.value = errorText(e);
      return false;
    }
  }

  return { phase, failure, failedOpId, run, discard };
}
