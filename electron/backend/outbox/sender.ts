import type { Sql } from '../mirror/sqlite.js';
import type { Clock } from '../scheduler/clock.js';
import type { Connectivity } from '../sync/connectivity.js';
import type { Attempt } from './attempt.js';
import { getOp, type StoredOp } from './outbox-store.js';
import type { QueuePlan } from './queue-plan.js';
import type { Settler } from './settle-op.js';
import { msg } from '../../shared/message-ref.js';
import { keyed } from './failure.js';

/*
 * The sending loop: one operation at a time, the next being the oldest that can go now (see
 * queue-plan.ts); a timer for the next retry time; paused while the service cannot be reached,
 * resumed when it can.
 */

export interface SenderContext {
  sql: Sql;
  clock: Clock;
  connectivity: Connectivity;
  log: (message: string) => void;
  plan: QueuePlan['plan'];
  attempt: Attempt;
  fail: Settler['fail'];
  /** Tells the outbox's listeners that its counts may have changed. */
  changed: () => void;
  /** How long a stop lets a request on the wire finish before cancelling it (see stop). */
  stopGraceMs: number;
}

export interface Sender {
  /** Starts sending (operations found on the wire at the last stop are looked up first). */
  start(): void;
  /**
   * Stops sending. An attempt still waiting in the profile's queue is cancelled at once (it never
   * left); a request on the wire gets `stopGraceMs` to finish, then is cancelled and its
   * outcome becomes unknown.
   */
  stop(): Promise<void>;
  /** Resolves when nothing can be sent right now (queue empty, refused, waiting, or offline). */
  idle(): Promise<void>;
  /** Sends what can go now, if sending was started (after the queue changed). */
  nudge(): void;
  /**
   * The operation is about to be discarded or changed: the attempt holding it is cancelled, if
   * its request has not left (a row marked 'sending' has; the caller refuses those).
   */
  withdraw(opId: string): void;
}

type Next = { op: StoredOp } | { orphan: StoredOp } | { waitUntil: number } | null;

export function createSender(context: SenderContext): Sender {
  const { sql, clock, connectivity, log, plan, attempt, fail, changed, stopGraceMs } = context;
  const isOpen = () => sql.db.open;

  let running = false;
  let controller = new AbortController();
  let pumping: Promise<void> | undefined;
  let again = false;
  let timer: { handle: unknown; at: number } | undefined;
  /** The operation an attempt holds now, and how to cancel that attempt alone. */
  let holding: { opId: string; controller: AbortController } | undefined;

  /**
   * The next operation to send: the oldest queued one that neither waits for its retry time nor
   * must follow one that cannot go now (see `plan`); else when to look again.
   */
  function nextAction(now: number): Next {
    let next: Next = null;
    let wake: number | null = null;
    plan(now, ({ head, waitsFor, orphan }) => {
      if (head.state !== 'queued') return false;
      if (!orphan && waitsFor) return false;
      if (!orphan && head.nextAttemptAt !== null && head.nextAttemptAt > now) {
        wake = wake === null ? head.nextAttemptAt : Math.min(wake, head.nextAttemptAt);
        return false;
      }
      const op = getOp(sql, head.opId);
      if (!op) return false;
      next = orphan ? { orphan: op } : { op };
      return true;
    });
    return next ?? (wake !== null ? { waitUntil: wake } : null);
  }

  function wakeAt(at: number): void {
    if (timer && timer.at <= at) return;
    if (timer) clock.clearTimeout(timer.handle);
    const handle = clock.setTimeout(
      () => {
        timer = undefined;
        pump();
      },
      Math.max(0, at - clock.now()),
    );
    (handle as { unref?: () => void } | undefined)?.unref?.();
    timer = { handle, at };
  }

  /** Sends what can be sent now, one operation at a time. */
  function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      // Yield first: the body must not finish (and clear `pumping`) before `pumping` is set.
      await Promise.resolve();
      try {
        do {
          again = false;
          while (running && isOpen() && connectivity.isOnline()) {
            const next = nextAction(clock.now());
            if (next === null) break;
            if ('waitUntil' in next) {
              wakeAt(next.waitUntil);
              break;
            }
            if ('orphan' in next) {
              fail(next.orphan, keyed('invalid-input', msg('errors.outbox.orphan')));
              changed();
              continue;
            }
            const one = new AbortController();
            holding = { opId: next.op.opId, controller: one };
            try {
              await attempt(next.op, AbortSignal.any([controller.signal, one.signal]));
            } finally {
              holding = undefined;
            }
          }
        } while (again && running);
      } catch (error) {
        // Only a closed file or a fault of Linkdeck lands here; the queue stays on disk.
        if (isOpen()) log(`[outbox] sending stopped: ${(error as Error).message}`);
      } finally {
        pumping = undefined;
      }
    })();
    return pumping;
  }

  function withdraw(opId: string): void {
    if (holding?.opId !== opId || getOp(sql, opId)?.state === 'sending') return;
    holding.controller.abort(
      new DOMException('The change was withdrawn before it was sent.', 'AbortError'),
    );
  }

  const follow = () =>
    connectivity.onChange((state) => {
      if (state.online && running) void pump();
    });
  let unfollow: (() => void) | undefined;

  return {
    start() {
      if (running) return;
      running = true;
      controller = new AbortController();
      unfollow ??= follow();
      void pump();
    },

    async stop() {
      running = false;
      if (timer) clock.clearTimeout(timer.handle);
      timer = undefined;
      if (holding) withdraw(holding.opId);
      // A request on the wire mostly ends in a moment (answered, or refused at the door): its
      // outcome is then known. Cancelled at once, it would be "outcome unknown" and held for the
      // service's longest run at the next start (issue 38: a command run offline did that).
      if (pumping && stopGraceMs > 0) {
        let handle: unknown;
        const grace = new Promise<void>((resolve) => {
          handle = clock.setTimeout(resolve, stopGraceMs);
          (handle as { unref?: () => void } | undefined)?.unref?.();
        });
        await Promise.race([pumping, grace]);
        clock.clearTimeout(handle);
      }
      controller.abort(new DOMException('The outbox stopped.', 'AbortError'));
      await pumping;
      unfollow?.();
      unfollow = undefined;
    },

    async idle() {
      for (;;) {
        await pumping;
        if (!running || !isOpen() || !connectivity.isOnline()) return;
        const next = nextAction(clock.now());
        if (next === null || 'waitUntil' in next) return;
        await pump();
      }
    },

    nudge() {
      if (running) void pump();
    },

    withdraw,
  };
}
