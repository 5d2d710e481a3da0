import type { Mirror } from '../mirror/mirror.js';
import type { Clock } from '../scheduler/clock.js';
import { createdKind, isCreate } from './ops.js';
import { applyAnswer, refreshMarks, type OpAnswer } from './optimistic.js';
import { deleteOp, realIdOf, recordId, updateOp, type StoredOp } from './outbox-store.js';
import { topicsOf } from './outbox-topics.js';
import type { OutboxOptions, OutboxResult } from './outbox-types.js';
import type { QueuePlan } from './queue-plan.js';
import type { Waiters } from './waiters.js';
import type { OutboxError } from '../../shared/models.js';
import { refusalError } from './failure.js';

/*
 * How an operation ends: confirmed (the service's answer applied to the mirror, the operation
 * gone from the queue, in one transaction) or refused (kept as failed, for the user to edit and
 * retry or discard); either way its waiters hear of it.
 */

export interface SettleContext {
  mirror: Mirror;
  clock: Clock;
  queue: QueuePlan;
  waiters: Waiters;
  refresh: OutboxOptions['refresh'];
}

export interface Settler {
  /** The service confirmed the operation with this answer. */
  settle(op: StoredOp, answer: OpAnswer): void;
  /** The service refused the operation (or it can never be sent): kept as failed. */
  fail(op: StoredOp, error: OutboxError): void;
}

export function createSettler({ mirror, clock, queue, waiters, refresh }: SettleContext): Settler {
  const sql = mirror.sql;

  function fail(op: StoredOp, error: OutboxError): void {
    const now = clock.now();
    mirror.write(topicsOf(op.mutation), () => {
      updateOp(sql, op.opId, { state: 'failed', lastError: error, nextAttemptAt: null }, now);
      if (op.target) refreshMarks(sql, op.target.kind, op.target.id);
    });
    waiters.rejected(op.opId, refusalError(error.code === 'not-found' ? 'not-found' : 'invalid-input', error));
    if (op.target && op.target.id > 0) refresh?.(op.target);
  }

  function settle(op: StoredOp, answer: OpAnswer): void {
    const now = clock.now();
    const kind = op.mutation.kind;
    let id: number | null = null;
    mirror.write(topicsOf(op.mutation), () => {
      applyAnswer(sql, op, answer, now, (ref) => (ref < 0 ? (realIdOf(sql, ref) ?? ref) : ref));
      if (isCreate(kind) && op.provisionalId !== null && answer && 'id' in answer) {
        id = answer.id;
        // Later operations on the object now mark it (and are sent) under its real id.
        const created = createdKind(kind);
        deleteOp(sql, op.opId);
        recordId(sql, op.provisionalId, created, answer.id, op.opId);
        queue.noteRealId(op.provisionalId, answer.id);
        refreshMarks(sql, created, answer.id);
      } else {
        deleteOp(sql, op.opId);
        id = op.target && op.target.id > 0 ? op.target.id : null;
        if (op.target) refreshMarks(sql, op.target.kind, op.target.id);
      }
    });
    const result: OutboxResult = { opId: op.opId, id, answer };
    waiters.confirmed(result);
  }

  return { settle, fail };
}
