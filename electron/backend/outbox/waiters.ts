import { msg } from '../../shared/message-ref.js';
import { AppError } from '../app-error.js';
import type { Sql } from '../mirror/sqlite.js';
import { getOp } from './outbox-store.js';
import type { OutboxResult } from './outbox-types.js';
import { refusalError } from './failure.js';

/* Who waits for an operation to settle (`Outbox.settled`), and what recently settled ones gave. */

interface Waiter {
  resolve(result: OutboxResult): void;
  reject(error: unknown): void;
}

const RECENT_LIMIT = 500;

export interface Waiters {
  /** Resolves when the operation is confirmed; rejects when it is refused or discarded. */
  settled(opId: string): Promise<OutboxResult>;
  /** The operation was confirmed: its waiters get the result (and so does one that asks soon). */
  confirmed(result: OutboxResult): void;
  /** The operation was refused or discarded: its waiters get the error. */
  rejected(opId: string, error: unknown): void;
}

export function createWaiters(sql: Sql): Waiters {
  const waiters = new Map<string, Waiter[]>();
  /**
   * Results of recently settled operations: a caller that starts waiting just after its change
   * was sent (it can be sent within the same tick it was queued) still gets the answer.
   */
  const recent = new Map<string, OutboxResult>();

  function settleWaiters(
    opId: string,
    outcome: { result: OutboxResult } | { error: unknown },
  ): void {
    const list = waiters.get(opId);
    if (!list) return;
    waiters.delete(opId);
    for (const w of list) {
      if ('result' in outcome) w.resolve(outcome.result);
      else w.reject(outcome.error);
    }
  }

  return {
    settled(opId) {
      return new Promise<OutboxResult>((resolve, reject) => {
        const done = recent.get(opId);
        if (done) {
          resolve(done);
          return;
        }
        const op = getOp(sql, opId);
        if (!op) {
          reject(
            AppError.keyed('not-found', msg('errors.outbox.opGone')),
          );
          return;
        }
        if (op.state === 'failed') {
          reject(refusalError('invalid-input', op.lastError));
          return;
        }
        const list = waiters.get(opId) ?? [];
        list.push({ resolve, reject });
        waiters.set(opId, list);
      });
    },

    confirmed(result) {
      recent.set(result.opId, result);
      if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
      settleWaiters(result.opId, { result });
    },

    rejected: (opId, error) => settleWaiters(opId, { error }),
  };
}
