import { msg } from '../../shared/message-ref.js';
import type { OutboxItem, OutboxMutation } from '../../shared/models.js';
import { AppError } from '../app-error.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Clock } from '../scheduler/clock.js';
import { refuseNotOffered } from './not-offered-guard.js';
import {
  createdKind,
  isCreate,
  mapIds,
  provisionalRefs,
  TARGET_TABLE,
  type TargetKind,
} from './ops.js';
import { applyPending, dropProvisionalRow, refreshMarks, removeProvisional } from './optimistic.js';
import type { ItemViews } from './outbox-items.js';
import {
  deleteOp,
  getOp,
  insertOp,
  listOps,
  realIdOf,
  updateOp,
  type StoredOp,
} from './outbox-store.js';
import { topicsOf } from './outbox-topics.js';
import type { OutboxOptions } from './outbox-types.js';
import type { QueuePlan } from './queue-plan.js';
import type { Waiters } from './waiters.js';
import { keyed } from './failure.js';

/*
 * What the user does to the queue: queue a change (on disk and pending in the mirror at once),
 * queue a failed one again (edited, or as it was), discard one (with what it showed).
 */

export interface QueueEditContext {
  mirror: Mirror;
  clock: Clock;
  newId: () => string;
  queue: QueuePlan;
  waiters: Waiters;
  items: ItemViews;
  /** Tells the outbox's listeners that its counts may have changed. */
  changed: () => void;
  /** Sends what can go now, if sending was started. */
  nudge: () => void;
  /** Cancels the attempt holding an operation whose request has not left (see sender.ts). */
  withdraw: (opId: string) => void;
  refresh: OutboxOptions['refresh'];
}

export interface QueueEdits {
  enqueue(mutation: OutboxMutation): OutboxItem;
  retry(opId: string, mutation?: OutboxMutation): OutboxItem;
  discard(opId: string): void;
}

export function createQueueEdits(context: QueueEditContext): QueueEdits {
  const { mirror, clock, newId, queue, waiters, changed, nudge, withdraw, refresh } = context;
  const { toItem } = context.items;
  const sql = mirror.sql;

  function highestId(kind: TargetKind): number {
    return sql.count(`SELECT MAX(id) AS n FROM ${TARGET_TABLE[kind]} WHERE id > 0`);
  }

  const resolveKnown = (m: OutboxMutation) =>
    mapIds(m, (ref) => (ref.id < 0 ? (realIdOf(sql, ref.id) ?? ref.id) : ref.id));

  function requireOp(opId: string): StoredOp {
    const op = getOp(sql, opId);
    if (!op)
      throw AppError.keyed('not-found', msg('errors.outbox.opGone'));
    return op;
  }

  return {
    enqueue(given) {
      const now = clock.now();
      // A view may still hold a provisional id whose create has since been answered.
      const mutation = resolveKnown(given);
      refuseNotOffered(sql, mutation);
      const op = mirror.write(topicsOf(mutation), () => {
        const stored = insertOp(sql, {
          opId: newId(),
          mutation,
          idempotencyKey: newId(),
          now,
          baselineId: isCreate(mutation.kind) ? highestId(createdKind(mutation.kind)) : null,
        });
        applyPending(sql, stored, now, mirror.serviceHost());
        return stored;
      });
      changed();
      nudge();
      return toItem(op);
    },

    retry(opId, edited) {
      const op = requireOp(opId);
      const mutation = edited ? resolveKnown(edited) : undefined;
      if (op.state === 'sending')
        throw AppError.keyed('invalid-input', msg('errors.outbox.sendingNow'));
      if (op.state === 'queued' && mutation && (op.attempts > 0 || op.outcomeUnknown)) {
        throw AppError.keyed('invalid-input', msg('errors.outbox.mayHaveReached'));
      }
      if (mutation) {
        const sameObject =
          mutation.kind === op.mutation.kind &&
          (!('id' in mutation) || !('id' in op.mutation) || mutation.id === op.mutation.id);
        if (!sameObject)
          throw AppError.keyed('invalid-input', msg('errors.outbox.sameKind'));
      }
      // An attempt may hold it, waiting for the rate budget: that request must not leave.
      withdraw(opId);
      const now = clock.now();
      if (mutation) queue.forget(opId);
      mirror.write(topicsOf(op.mutation), () => {
        updateOp(
          sql,
          opId,
          {
            state: 'queued',
            ...(mutation ? { mutation } : {}),
            // A new request: the service must not replay its answer to the refused one.
            idempotencyKey: newId(),
            attempts: 0,
            outcomeUnknown: false,
            lastError: null,
            nextAttemptAt: null,
          },
          now,
        );
        const updated = requireOp(opId);
        if (mutation) {
          if (updated.provisionalId !== null)
            dropProvisionalRow(sql, createdKind(mutation.kind), updated.provisionalId);
          applyPending(sql, updated, now, mirror.serviceHost());
        } else if (updated.target) {
          refreshMarks(sql, updated.target.kind, updated.target.id);
        }
      });
      changed();
      nudge();
      return toItem(requireOp(opId));
    },

    discard(opId) {
      const op = requireOp(opId);
      if (op.state === 'sending')
        throw AppError.keyed('invalid-input', msg('errors.outbox.sendingNow'));
      withdraw(opId);
      const now = clock.now();
      mirror.write(topicsOf(op.mutation), () => {
        deleteOp(sql, opId);
        if (op.provisionalId !== null) {
          removeProvisional(sql, createdKind(op.mutation.kind), op.provisionalId);
          // Changes made to the discarded object cannot be sent: they fail, visibly.
          for (const other of listOps(sql)) {
            if (other.state === 'failed') continue;
            if (!provisionalRefs(other.mutation).some((r) => r.id === op.provisionalId)) continue;
            updateOp(
              sql,
              other.opId,
              {
                state: 'failed',
                lastError: keyed('invalid-input', msg('errors.outbox.orphan')),
              },
              now,
            );
            if (other.target) refreshMarks(sql, other.target.kind, other.target.id);
          }
        } else if (op.target) {
          refreshMarks(sql, op.target.kind, op.target.id);
        }
      });
      waiters.rejected(opId, AppError.keyed('invalid-input', msg('errors.outbox.discarded')));
      if (op.provisionalId === null && op.target && op.target.id > 0) refresh?.(op.target);
      changed();
      nudge();
    },
  };
}
