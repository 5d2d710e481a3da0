import type { OutboxItem } from '../../shared/models.js';
import type { Sql } from '../mirror/sqlite.js';
import type { Clock } from '../scheduler/clock.js';
import { summaryRefOf } from './ops.js';
import { englishText, type MessageRef } from '../../shared/message-ref.js';
import { getOp, listOps, type OpHead, type StoredOp } from './outbox-store.js';
import type { QueuePlan, Standing } from './queue-plan.js';

/* How stored operations are shown in the outbox view: each with what holds it back, if anything. */

export interface ItemViews {
  toItem(op: StoredOp, standing?: Standing): OutboxItem;
  /** Pending and failed operations, in queue order. */
  list(): OutboxItem[];
  get(opId: string): OutboxItem | null;
}

/** The summary in English and as a message (computed once). */
function summaryOfOp(op: StoredOp): { summary: string; summaryRef: MessageRef } {
  const summaryRef = summaryRefOf(op.mutation);
  return { summary: englishText(summaryRef), summaryRef };
}

export function createItemViews(sql: Sql, clock: Clock, plan: QueuePlan['plan']): ItemViews {
  function toItem(op: StoredOp, standing?: Standing): OutboxItem {
    let heldBy: OpHead | null = standing?.heldBy ?? null;
    if (!standing && op.state === 'queued') {
      plan(clock.now(), (s) => {
        if (s.head.opId !== op.opId) return false;
        heldBy = s.heldBy;
        return true;
      });
    }
    return {
      opId: op.opId,
      seq: op.seq,
      mutation: op.mutation,
      state: op.state,
      ...summaryOfOp(op),
      provisionalId: op.provisionalId,
      attempts: op.attempts,
      lastError: op.lastError,
      nextAttemptAt: op.nextAttemptAt,
      outcomeUnknown: op.outcomeUnknown,
      // Waiting behind something about to be sent is normal order, not a block: only a failed
      // change, or one waiting for its retry time, is named.
      blockedBy: op.state === 'queued' ? ((heldBy as OpHead | null)?.opId ?? null) : null,
      createdAt: op.createdAt,
    };
  }

  return {
    toItem,

    list() {
      const standings = new Map<string, Standing>();
      plan(clock.now(), (standing) => {
        standings.set(standing.head.opId, standing);
        return false;
      });
      return listOps(sql).map((op) => toItem(op, standings.get(op.opId)));
    },

    get(opId) {
      const op = getOp(sql, opId);
      return op ? toItem(op) : null;
    },
  };
}
