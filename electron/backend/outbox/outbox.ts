import { randomUUID } from 'node:crypto';
import type { OutboxItem, OutboxMutation, OutboxSummary } from '../../shared/models.js';
import { isApiClientError } from '../api/errors.js';
import { normaliseBaseUrl } from '../api/transport.js';
import { AppError } from '../app-error.js';
import { hostOf } from '../mirror/dates.js';
import type { Mirror, MirrorTopic } from '../mirror/mirror.js';
import { systemClock, type Clock } from '../scheduler/clock.js';
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
import { refuseNotOffered } from './not-offered-guard.js';
import { lookUpCreate } from './lost-answer.js';
import {
  createdKind,
  isCreate,
  isDelete,
  mapIds,
  provisionalRefs,
  summaryOf,
  TARGET_TABLE,
  type TargetKind,
} from './ops.js';
import {
  applyAnswer,
  applyPending,
  dropProvisionalRow,
  refreshMarks,
  removeProvisional,
  type OpAnswer,
} from './optimistic.js';
import type { OutboxApi } from './outbox-api.js';
import { createQueuePlan, type Standing } from './queue-plan.js';
import { sendMutation } from './send.js';
import {
  claimedIds,
  deleteOp,
  getOp,
  insertOp,
  listOps,
  realIdOf,
  recordId,
  recoverSending,
  updateOp,
  type OpHead,
  type StoredOp,
} from './outbox-store.js';

/** What a settled operation gave: the service's id of what it made or changed, and its answer. */
export interface OutboxResult {
  opId: string;
  /** The service's id of the object (a create's new id), when the operation names one. */
  id: number | null;
  answer: OpAnswer;
}

export interface OutboxOptions {
  /** The profile's mirror (its file also holds the outbox). */
  mirror: Mirror;
  api: OutboxApi;
  /** Shared with the sync: sending waits while the service is unreachable. */
  connectivity: Connectivity;
  clock?: Clock;
  onChange?: (summary: OutboxSummary) => void;
  /**
   * Asked to read an object again from the service, when a discarded or refused change leaves
   * the mirror showing values the service does not have (wire it to the sync).
   */
  refresh?: (target: { kind: TargetKind; id: number }) => void;
  newId?: () => string;
  /** First retry delay after a transient failure (doubling up to 2 min). Default 2 s. */
  retryMinMs?: number;
  /**
   * How long the service may go on with a request after it arrived (real servers: a link create
   * fetches the target page's title first, 30 s or more). A create whose answer was lost is
   * looked up only this long after it was sent: before that, the service may still be making
   * the object. Default 60 s.
   */
  serverMaxExecutionMs?: number;
  /** The profile's base URL (short URLs of links without a branded domain start with it). */
  baseUrl?: string;
  log?: (message: string) => void;
}

export interface Outbox {
  /**
   * Queues a change: written to disk and shown in the mirror (pending) in one transaction
   * before this returns; sent in order as soon as the service can be reached (one that cannot
   * go holds back only the changes that must follow it).
   */
  enqueue(mutation: OutboxMutation): OutboxItem;
  /** Pending and failed operations, in queue order (the outbox view). */
  list(): OutboxItem[];
  get(opId: string): OutboxItem | null;
  summary(): OutboxSummary;
  /**
   * Queues a failed operation again, with the user's edits if given (same kind, same object).
   * A queued operation never attempted can be edited the same way.
   */
  retry(opId: string, mutation?: OutboxMutation): OutboxItem;
  /** Drops an operation (not while it is on the wire); what it showed in the mirror goes too. */
  discard(opId: string): void;
  /** The service's id for a provisional id, once its create was answered; else null. */
  resolveId(provisionalId: number): number | null;
  /** Resolves when the operation is confirmed; rejects when it is refused or discarded. */
  settled(opId: string): Promise<OutboxResult>;
  /** Starts sending (operations found on the wire at the last stop are looked up first). */
  start(): void;
  /** Stops sending; an operation on the wire is cancelled and its outcome becomes unknown. */
  stop(): Promise<void>;
  /** Resolves when nothing can be sent right now (queue empty, refused, waiting, or offline). */
  idle(): Promise<void>;
  onChange(listener: (summary: OutboxSummary) => void): () => void;
}

interface Waiter {
  resolve(result: OutboxResult): void;
  reject(error: unknown): void;
}

const TOPICS: Record<TargetKind, MirrorTopic[]> = {
  link: ['links', 'channel-items'],
  channel: ['channels', 'channel-items', 'links'],
  campaign: ['campaigns', 'links'],
  domain: ['domains', 'links'],
  pixel: ['pixels'],
  qr: ['qrs', 'channel-items'],
};

function topicsOf(m: OutboxMutation): MirrorTopic[] {
  const kind = m.kind.slice(0, m.kind.indexOf('.')) as TargetKind;
  return ['outbox', ...TOPICS[kind], ...(m.kind.endsWith('.assign') ? (['links'] as const) : [])];
}

const DEFAULT_SERVER_MAX_EXECUTION_MS = 60_000;

/** The profile's base URL as short URLs start with it (or the service's host, when not given). */
function profileBaseUrl(given: string | undefined, serviceHost: string): string {
  try {
    if (given) return normaliseBaseUrl(given);
  } catch {
    // Not a web address: fall back to the host the mirror knows.
  }
  return serviceHost ? `https://${serviceHost}` : '';
}

/**
 * The outbox of one profile: every change the user makes, kept on disk until the service
 * confirms it, sent one at a time in the order it was made; a change that cannot go now (refused,
 * waiting to be tried again or for the service to finish a create whose answer was lost) holds
 * back only the changes that must follow it (see `plan`). See outbox-store.ts for the state
 * machine, lost-answer.ts for what happens when an answer never comes, failure.ts for what is
 * retried and what is kept as failed.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { mirror, api, connectivity } = options;
  const sql = mirror.sql;
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? randomUUID;
  const log = options.log ?? (() => {});
  const listeners = new Set<(summary: OutboxSummary) => void>();
  if (options.onChange) listeners.add(options.onChange);
  const waiters = new Map<string, Waiter[]>();
  /**
   * Results of recently settled operations: a caller that starts waiting just after its change
   * was sent (it can be sent within the same tick it was queued) still gets the answer.
   */
  const recent = new Map<string, OutboxResult>();
  const RECENT_LIMIT = 500;

  let running = false;
  let controller = new AbortController();
  let pumping: Promise<void> | undefined;
  let again = false;
  let timer: { handle: unknown; at: number } | undefined;

  // Operations that were on the wire when the app last stopped have an unknown outcome.
  const serverMaxExecutionMs = options.serverMaxExecutionMs ?? DEFAULT_SERVER_MAX_EXECUTION_MS;
  const baseUrl = profileBaseUrl(options.baseUrl, mirror.serviceHost());
  const recovered = recoverSending(sql, clock.now());
  if (recovered > 0)
    log(
      `[outbox] ${recovered} change(s) were being sent when Linkdeck stopped; they are looked up before being sent again.`,
    );

  const isOpen = () => sql.db.open;

  function summary(): OutboxSummary {
    const row = sql.get<{ queued: number | null; failed: number | null; sending: number | null }>(
      `SELECT SUM(state <> 'failed') AS queued, SUM(state = 'failed') AS failed,
         SUM(state = 'sending') AS sending FROM outbox`,
    );
    return {
      queued: Number(row?.queued ?? 0),
      failed: Number(row?.failed ?? 0),
      sending: Number(row?.sending ?? 0) > 0,
    };
  }

  function changed(): void {
    if (listeners.size === 0 || !isOpen()) return;
    const current = summary();
    for (const listener of listeners) {
      try {
        listener(current);
      } catch {
        // A listener's fault must not stop the outbox.
      }
    }
  }

  const queue = createQueuePlan(sql);
  const plan = queue.plan;

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
      summary: summaryOf(op.mutation),
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

  function highestId(kind: TargetKind): number {
    return sql.count(`SELECT MAX(id) AS n FROM ${TARGET_TABLE[kind]} WHERE id > 0`);
  }

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

  type Next = { op: StoredOp } | { orphan: StoredOp } | { waitUntil: number } | null;

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

  function fail(op: StoredOp, error: { code: string; message: string }): void {
    const now = clock.now();
    mirror.write(topicsOf(op.mutation), () => {
      updateOp(sql, op.opId, { state: 'failed', lastError: error, nextAttemptAt: null }, now);
      if (op.target) refreshMarks(sql, op.target.kind, op.target.id);
    });
    settleWaiters(op.opId, {
      error: AppError.of(error.code === 'not-found' ? 'not-found' : 'invalid-input', error.message),
    });
    if (op.target && op.target.id > 0) options.refresh?.(op.target);
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
    recent.set(op.opId, result);
    if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
    settleWaiters(op.opId, { result });
  }

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

  /** When the request of a failed attempt left (the transport says how long ago, if it knows). */
  function leftAt(error: unknown, stamped: number, now: number): number {
    const elapsed = isApiClientError(error) ? error.details?.['elapsedMs'] : undefined;
    return typeof elapsed === 'number' && elapsed >= 0 ? Math.max(stamped, now - elapsed) : stamped;
  }

  async function attempt(op: StoredOp): Promise<void> {
    const signal = controller.signal;
    const kind = op.mutation.kind;
    const create = isCreate(kind);
    // Written before the request leaves: a crash from here on means "outcome unknown".
    updateOp(sql, op.opId, { state: 'sending', attempts: op.attempts + 1 }, clock.now());
    changed();
    const sendOptions = { priority: 'user' as const, idempotencyKey: op.idempotencyKey, signal };
    /** When this attempt's request was sent; undefined while it only looked up. */
    let sentAt: number | undefined;
    try {
      let answer: OpAnswer | undefined;
      if (op.outcomeUnknown && create) {
        // Looked up at once (issue 31, item 4): a lost answer of a create that was made settles
        // as soon as a look-up can tell, not after the service's longest run.
        const found = await lookUp(op, signal);
        if (found) {
          log(`[outbox] found what "${summaryOf(op.mutation)}" made before its answer was lost`);
          answer = found;
        } else if (op.lostAt !== null && clock.now() < op.lostAt + serverMaxExecutionMs) {
          // Not there yet, but the service may still be making it: wait out its longest run
          // since the request left, then look again before sending. This pass was no attempt.
          if (!isOpen()) return;
          mirror.write(['outbox'], () =>
            updateOp(sql, op.opId, { state: 'queued', attempts: op.attempts, nextAttemptAt: op.lostAt! + serverMaxExecutionMs }, clock.now()),
          );
          return;
        }
      }
      if (answer === undefined) {
        const resolved = completedForSending(
          sql,
          mapIds(op.mutation, (ref) => (ref.id < 0 ? (realIdOf(sql, ref.id) ?? ref.id) : ref.id)),
        );
        sentAt = clock.now();
        // The look-up took time: the stamp a restart reads is when the request left.
        if (op.outcomeUnknown && isOpen()) updateOp(sql, op.opId, {}, sentAt);
        answer = await sendMutation(api, resolved, sendOptions);
      }
      if (!isOpen()) return;
      connectivity.reportOnline();
      settle(op, answer);
    } catch (caught) {
      if (!isOpen()) return;
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
        failure === 'transient' ? now + backoffMs(attempts, options.retryMinMs ?? 2_000) : null;
      // The service may have made it, and may still be making it (a link's title is fetched
      // first): the next pass looks it up (at once, or after the backoff of a transient failure)
      // and sends again only once the longest run since this request left is over (`attempt`).
      const lostAt = reached && sentAt !== undefined ? Math.max(op.lostAt ?? 0, leftAt(error, sentAt, now)) : undefined;
      if (lostAt !== undefined && failure === 'transient') nextAttemptAt = now + (options.retryMinMs ?? 2_000);
      mirror.write(['outbox'], () =>
        updateOp(
          sql,
          op.opId,
          {
            state: 'queued',
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
              fail(next.orphan, {
                code: 'invalid-input',
                message:
                  'This change was for something whose creation was discarded, so it cannot be sent.',
              });
              changed();
              continue;
            }
            await attempt(next.op);
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

  const follow = () =>
    connectivity.onChange((state) => {
      if (state.online && running) void pump();
    });
  let unfollow: (() => void) | undefined;

  const resolveKnown = (m: OutboxMutation) =>
    mapIds(m, (ref) => (ref.id < 0 ? (realIdOf(sql, ref.id) ?? ref.id) : ref.id));

  function requireOp(opId: string): StoredOp {
    const op = getOp(sql, opId);
    if (!op) throw AppError.of('not-found', 'This change is no longer waiting to be sent: it was sent or discarded meanwhile. Refresh Outbox to see where things stand.');
    return op;
  }

  const outbox: Outbox = {
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
      if (running) void pump();
      return toItem(op);
    },

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

    summary,

    retry(opId, edited) {
      const op = requireOp(opId);
      const mutation = edited ? resolveKnown(edited) : undefined;
      if (op.state === 'sending')
        throw AppError.of(
          'invalid-input',
          'This change is being sent right now; wait for the answer.',
        );
      if (op.state === 'queued' && mutation && (op.attempts > 0 || op.outcomeUnknown)) {
        throw AppError.of(
          'invalid-input',
          'This change may already have reached the service, so it cannot be edited; discard it once it is refused, or wait for it to go through.',
        );
      }
      if (mutation) {
        const sameObject =
          mutation.kind === op.mutation.kind &&
          (!('id' in mutation) || !('id' in op.mutation) || mutation.id === op.mutation.id);
        if (!sameObject)
          throw AppError.of(
            'invalid-input',
            'An edited change must be the same kind of change to the same object.',
          );
      }
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
      if (running) void pump();
      return toItem(requireOp(opId));
    },

    discard(opId) {
      const op = requireOp(opId);
      if (op.state === 'sending')
        throw AppError.of(
          'invalid-input',
          'This change is being sent right now; wait for the answer.',
        );
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
                lastError: {
                  code: 'invalid-input',
                  message:
                    'This change was for something whose creation was discarded, so it cannot be sent.',
                },
              },
              now,
            );
            if (other.target) refreshMarks(sql, other.target.kind, other.target.id);
          }
        } else if (op.target) {
          refreshMarks(sql, op.target.kind, op.target.id);
        }
      });
      settleWaiters(opId, { error: AppError.of('invalid-input', 'The change was discarded.') });
      if (op.provisionalId === null && op.target && op.target.id > 0) options.refresh?.(op.target);
      changed();
      if (running) void pump();
    },

    resolveId: (provisionalId) => realIdOf(sql, provisionalId) ?? null,

    settled(opId) {
      return new Promise<OutboxResult>((resolve, reject) => {
        const done = recent.get(opId);
        if (done) {
          resolve(done);
          return;
        }
        const op = getOp(sql, opId);
        if (!op) {
          reject(AppError.of('not-found', 'This change is no longer waiting to be sent: it was sent or discarded meanwhile. Refresh Outbox to see where things stand.'));
          return;
        }
        if (op.state === 'failed') {
          reject(
            AppError.of(
              'invalid-input',
              op.lastError?.message ?? 'The service refused this change.',
            ),
          );
          return;
        }
        const list = waiters.get(opId) ?? [];
        list.push({ resolve, reject });
        waiters.set(opId, list);
      });
    },

    start() {
      if (running) return;
      running = true;
      controller = new AbortController();
      unfollow ??= follow();
      void pump();
    },

    async stop() {
      running = false;
      controller.abort(new DOMException('The outbox stopped.', 'AbortError'));
      if (timer) clock.clearTimeout(timer.handle);
      timer = undefined;
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

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return outbox;
}
