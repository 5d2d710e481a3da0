import { isApiClientError } from '../api/errors.js';
import { hostOf } from '../mirror/dates.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Clock } from '../scheduler/clock.js';
import type { Connectivity } from '../sync/connectivity.js';
import {
  backoffMs,
  classify,
  errorInfo,
  isNotOffered,
  mayHaveReached,
  saysAlreadyExists,
} from './failure.js';
import { completedForSending } from './link-fields.js';
import { lookUpCreate } from './lost-answer.js';
import { createdKind, isCreate, isDelete, mapIds, summaryOf } from './ops.js';
import type { OpAnswer } from './optimistic.js';
import type { OutboxApi } from './outbox-api.js';
import { claimedIds, markSending, realIdOf, updateOp, type StoredOp } from './outbox-store.js';
import { sendMutation } from './send.js';
import type { Settler } from './settle-op.js';

/*
 * One attempt at sending an operation: a create whose answer was lost is looked up first (see
 * lost-answer.ts); then the request, and what its answer or failure leaves: settled, failed
 * (failure.ts), or queued again with when to try next and whether it may have reached the service.
 * The operation is marked 'sending' only when its request leaves the profile's queue (`onSend`):
 * an attempt cancelled before that (the app closing, the change discarded or edited) leaves it
 * queued as it was, with nothing that could have reached the service.
 */

export interface AttemptContext {
  mirror: Mirror;
  api: OutboxApi;
  connectivity: Connectivity;
  clock: Clock;
  log: (message: string) => void;
  settler: Settler;
  /** Tells the outbox's listeners that its counts may have changed. */
  changed: () => void;
  /** How long the service may go on with a request after it arrived (see OutboxOptions). */
  serverMaxExecutionMs: number;
  /** First retry delay after a transient failure (see OutboxOptions); undefined: 2 s. */
  retryMinMs: number | undefined;
  /** The profile's base URL (short URLs of links without a branded domain start with it). */
  baseUrl: string;
}

/** When the request of a failed attempt left (the transport says how long ago, if it knows). */
function leftAt(error: unknown, stamped: number, now: number): number {
  const elapsed = isApiClientError(error) ? error.details?.['elapsedMs'] : undefined;
  return typeof elapsed === 'number' && elapsed >= 0 ? Math.max(stamped, now - elapsed) : stamped;
}

/**
 * Sends one operation (cancelled through the signal); settles, fails or queues it again. The
 * signal aborts before the request left: the operation is left as it was.
 */
export type Attempt = (op: StoredOp, signal: AbortSignal) => Promise<void>;

export function createAttempt(context: AttemptContext): Attempt {
  const { mirror, api, connectivity, clock, log, changed, serverMaxExecutionMs, baseUrl } = context;
  const { settle, fail } = context.settler;
  const sql = mirror.sql;
  const isOpen = () => sql.db.open;

  /** Looks for what a create whose answer was lost made (see lost-answer.ts). */
  function lookUp(op: StoredOp, signal: AbortSignal) {
    return lookUpCreate(
      {
        api,
        options: { priority: 'user', signal },
        claimed: claimedIds(sql, createdKind(op.mutation.kind)),
        brandedHosts: new Set(mirror.domains().items.map((d) => hostOf(d.domain))),
        baseUrl,
      },
      op,
    );
  }

  return async function attempt(op: StoredOp, signal: AbortSignal): Promise<void> {
    const kind = op.mutation.kind;
    const create = isCreate(kind);
    /** When this attempt's request left (the latest time, if a rate limit queued it again). */
    let sentAt: number | undefined;
    /** Whether the row says 'sending' (this attempt's request left). */
    let marked = false;
    const onSend = () => {
      const now = clock.now();
      // Written as the request leaves: a crash from here on means "outcome unknown". The file
      // closed, or the operation changed under this attempt: that request must not leave.
      if (!isOpen() || !markSending(sql, op, op.attempts + 1, now))
        throw new DOMException('The change was withdrawn before it was sent.', 'AbortError');
      marked = true;
      sentAt = now;
      changed();
    };
    const sendOptions = {
      priority: 'user' as const,
      idempotencyKey: op.idempotencyKey,
      signal,
      onSend,
    };
    try {
      let answer: OpAnswer | undefined;
      if (op.outcomeUnknown && create) {
        // Looked up at once (issue 31, item 4): a lost answer of a create that was made settles
        // as soon as a look-up can tell, not after the service's longest run.
        const found = await lookUp(op, signal);
        // Discarded or edited while it was looked up: what was found is not this one's answer.
        signal.throwIfAborted();
        if (found) {
          log(`[outbox] found what "${summaryOf(op.mutation)}" made before its answer was lost`);
          answer = found;
        } else if (op.lostAt !== null && clock.now() < op.lostAt + serverMaxExecutionMs) {
          // Not there yet, but the service may still be making it: wait out its longest run
          // since the request left, then look again before sending. This pass was no attempt.
          if (!isOpen()) return;
          mirror.write(['outbox'], () =>
            updateOp(sql, op.opId, { nextAttemptAt: op.lostAt! + serverMaxExecutionMs }, clock.now()),
          );
          return;
        }
      }
      if (answer === undefined) {
        const resolved = completedForSending(
          sql,
          mapIds(op.mutation, (ref) => (ref.id < 0 ? (realIdOf(sql, ref.id) ?? ref.id) : ref.id)),
        );
        answer = await sendMutation(api, resolved, sendOptions);
      }
      if (!isOpen()) return;
      connectivity.reportOnline();
      settle(op, answer);
    } catch (caught) {
      if (!isOpen()) return;
      // Cancelled before its request left: no attempt was made; the row is as it was.
      if (!marked && classify(caught, kind) === 'cancelled') return;
      let error = caught;
      if (sentAt !== undefined && create && op.outcomeUnknown && saysAlreadyExists(error)) {
        // Refused as existing after an attempt whose answer was lost: that attempt may have
        // made it after all (the service was slower than the look-up). Adopt it if it fits.
        try {
          const found = await lookUp(op, signal);
          if (!isOpen()) return;
          if (found) {
            log(
              `[outbox] "${summaryOf(op.mutation)}" was refused as existing: it was made by its earlier attempt`,
            );
            connectivity.reportOnline();
            settle(op, found);
            return;
          }
        } catch (lookupError) {
          if (!isOpen()) return;
          // The refusal stands only once the look-up could be made: try again later.
          if (classify(lookupError, kind) !== 'permanent') {
            error = lookupError;
            sentAt = undefined;
          }
        }
      }
      if (
        isDelete(kind) &&
        isApiClientError(error) &&
        error.code === 'not-found' &&
        !isNotOffered(error, kind)
      ) {
        // Already gone (an earlier attempt went through, or someone else deleted it).
        settle(op, null);
        return;
      }
      const failure = classify(error, kind);
      const now = clock.now();
      const attempts = op.attempts + 1;
      if (failure === 'permanent') {
        fail(op, errorInfo(error, kind));
        return;
      }
      if (failure !== 'cancelled') connectivity.report(error);
      const reached = sentAt !== undefined && create && mayHaveReached(error, failure);
      // Offline: sent as soon as the service answers again, no delay.
      let nextAttemptAt =
        failure === 'transient' ? now + backoffMs(attempts, context.retryMinMs ?? 2_000) : null;
      // The service may have made it, and may still be making it (a link's title is fetched
      // first): the next pass looks it up (at once, or after the backoff of a transient failure)
      // and sends again only once the longest run since this request left is over (`attempt`).
      const lostAt =
        reached && sentAt !== undefined
          ? Math.max(op.lostAt ?? 0, leftAt(error, sentAt, now))
          : undefined;
      if (lostAt !== undefined && failure === 'transient')
        nextAttemptAt = now + (context.retryMinMs ?? 2_000);
      mirror.write(['outbox'], () =>
        updateOp(
          sql,
          op.opId,
          {
            state: 'queued',
            // Counted here too when only the look-up failed, so its retries back off as well.
            attempts,
            outcomeUnknown: op.outcomeUnknown || reached,
            ...(failure === 'cancelled' ? {} : { lastError: errorInfo(error, kind) }),
            nextAttemptAt,
            ...(lostAt !== undefined ? { lostAt } : {}),
          },
          now,
        ),
      );
    } finally {
      changed();
    }
  };
}
