import { randomUUID } from 'node:crypto';
import { normaliseBaseUrl } from '../api/transport.js';
import { systemClock } from '../scheduler/clock.js';
import { createAttempt } from './attempt.js';
import { createItemViews } from './outbox-items.js';
import { realIdOf, recoverSending } from './outbox-store.js';
import { createChangeFeed, outboxSummary } from './outbox-summary.js';
import type { Outbox, OutboxOptions } from './outbox-types.js';
import { createQueueEdits } from './queue-edits.js';
import { createQueuePlan } from './queue-plan.js';
import { createSender } from './sender.js';
import { createSettler } from './settle-op.js';
import { createWaiters } from './waiters.js';

/*
 * The outbox put together from its parts: queue-edits.ts (what the user queues, retries and
 * discards), sender.ts (the sending loop), attempt.ts (one attempt), settle-op.ts (how an
 * operation ends), waiters.ts, outbox-items.ts and outbox-summary.ts (what callers see).
 */

export type { Outbox, OutboxOptions, OutboxResult } from './outbox-types.js';

const DEFAULT_SERVER_MAX_EXECUTION_MS = 60_000;
const DEFAULT_STOP_GRACE_MS = 2_000;

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
 * back only the changes that must follow it (see queue-plan.ts). See outbox-store.ts for the state
 * machine, lost-answer.ts for what happens when an answer never comes, failure.ts for what is
 * retried and what is kept as failed.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { mirror, api, connectivity } = options;
  const sql = mirror.sql;
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? randomUUID;
  const log = options.log ?? (() => {});
  const feed = createChangeFeed(sql, options.onChange);
  const changed = feed.changed;
  const waiters = createWaiters(sql);

  // Operations that were on the wire when the app last stopped have an unknown outcome.
  const serverMaxExecutionMs = options.serverMaxExecutionMs ?? DEFAULT_SERVER_MAX_EXECUTION_MS;
  const baseUrl = profileBaseUrl(options.baseUrl, mirror.serviceHost());
  const recovered = recoverSending(sql, clock.now());
  if (recovered > 0)
    log(
      `[outbox] ${recovered} change(s) were being sent when Linkdeck stopped; they are looked up before being sent again.`,
    );

  const queue = createQueuePlan(sql);
  const items = createItemViews(sql, clock, queue.plan);
  const settler = createSettler({ mirror, clock, queue, waiters, refresh: options.refresh });
  const attempt = createAttempt({
    mirror,
    api,
    connectivity,
    clock,
    log,
    settler,
    changed,
    serverMaxExecutionMs,
    retryMinMs: options.retryMinMs,
    baseUrl,
  });
  const sender = createSender({
    sql,
    clock,
    connectivity,
    log,
    plan: queue.plan,
    attempt,
    fail: settler.fail,
    changed,
    stopGraceMs: options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS,
  });
  const edits = createQueueEdits({
    mirror,
    clock,
    newId,
    queue,
    waiters,
    items,
    changed,
    nudge: sender.nudge,
    withdraw: sender.withdraw,
    refresh: options.refresh,
  });

  const outbox: Outbox = {
    enqueue: edits.enqueue,
    list: items.list,
    get: items.get,
    summary: () => outboxSummary(sql),
    retry: edits.retry,
    discard: edits.discard,
    resolveId: (provisionalId) => realIdOf(sql, provisionalId) ?? null,
    settled: waiters.settled,
    start: sender.start,
    stop: sender.stop,
    idle: sender.idle,
    onChange: feed.onChange,
  };
  return outbox;
}
