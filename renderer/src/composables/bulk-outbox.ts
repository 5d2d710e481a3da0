import { reactive } from 'vue';
import { call, isBridgeError } from '../bridge.js';
import { errorText } from './error-text.js';
import type { OutboxItem } from '../../../electron/shared/models.js';
import { t } from '../i18n/index.js';

export type BulkAction = { kind: 'delete' } | { kind: 'channel'; channelId: number } | { kind: 'campaign'; campaignId: number };

export interface BulkProgress {
  label: string;
  total: number;
  /** Operations the outbox accepted. */
  queued: number;
  /** Operations the service confirmed. */
  sent: number;
  /** Operations refused (when queuing or by the service), with the first few reasons. */
  failed: number;
  reasons: string[];
  running: boolean;
}

function queue(action: BulkAction, id: number): Promise<OutboxItem> {
  if (action.kind === 'delete') return call('links:delete', { id });
  if (action.kind === 'channel') return call('channels:assign', { channelId: action.channelId, type: 'links', itemId: id });
  return call('campaigns:assign', { campaignId: action.campaignId, linkId: id });
}

/**
 * Queues one outbox operation per link (the outbox and its scheduler pace them to the service),
 * then follows each to its answer. `progress` is reactive for the view.
 */
export function runBulk(action: BulkAction, ids: number[], label: string): { progress: BulkProgress; done: Promise<BulkProgress> } {
  const progress = reactive<BulkProgress>({ label, total: ids.length, queued: 0, sent: 0, failed: 0, reasons: [], running: true });
  const refuse = (error: unknown) => {
    progress.failed++;
    const text = errorText(error);
    if (progress.reasons.length < 3 && !progress.reasons.includes(text)) progress.reasons.push(text);
  };
  const done = (async () => {
    const ops: string[] = [];
    let queuing = true;
    const signal: { wake: (() => void) | null } = { wake: null };
    const follow = async () => {
      for (let next = 0; ; next++) {
        while (next >= ops.length) {
          if (!queuing) return;
          await new Promise<void>((resolve) => (signal.wake = resolve));
        }
        const opId = ops[next] as string;
        try {
          await call('outbox:wait', { opId });
          progress.sent++;
        } catch (error) {
          // "No longer in the outbox": it was sent before we started to wait.
          if (isBridgeError(error) && error.code === 'not-found') progress.sent++;
          else refuse(error);
        }
      }
    };
    // One follower, started at once: each op is followed as soon as it is queued, and the web
    // shell's few connections stay free for the queuing itself.
    const following = follow();
    for (const id of ids) {
      try {
        const item = await queue(action, id);
        ops.push(item.opId);
        progress.queued++;
      } catch (error) {
        refuse(error);
      }
      signal.wake?.();
    }
    queuing = false;
    signal.wake?.();
    await following;
    progress.running = false;
    return progress;
  })();
  return { progress, done };
}

/** "12 of 40 queued · 10 sent · 1 failed" */
export function bulkProgressText(p: BulkProgress): string {
  return p.failed ? t('bulk.outbox.progressFailed', { queued: p.queued, total: p.total, sent: p.sent, failed: p.failed }) : t('bulk.outbox.progress', { queued: p.queued, total: p.total, sent: p.sent });
}
