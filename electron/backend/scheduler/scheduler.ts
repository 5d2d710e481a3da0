import { PRIORITIES, type Priority, type RateBudgetState } from '../../shared/models.js';
import type { RateInfo } from '../api/rate-info.js';
import { RateBudget, type BudgetOptions } from './budget.js';
import { systemClock, type Clock } from './clock.js';

export type { Priority };

export interface TaskContext {
  /** Aborted when every caller has cancelled (or the scheduler closes). */
  signal: AbortSignal;
  /**
   * Waits for budget for one more HTTP request of this task (a retry inside the API client),
   * at the task's priority, so that retries are counted like any other request.
   */
  acquire(): Promise<void>;
}

/** Work for the queue: one logical API call (normally one HTTP request). */
export type Task<T> = (signal: AbortSignal, context: TaskContext) => Promise<T>;

export interface RunOptions {
  /** Default 'view'. */
  priority?: Priority;
  /** Calls with the same key while one is queued or in flight share it (identical GETs). */
  key?: string;
  /** Cancels this caller's interest: removes the call from the queue or aborts it in flight. */
  signal?: AbortSignal;
}

export interface SchedulerOptions extends BudgetOptions {
  clock?: Clock;
  /** Requests in flight at once. Default 4; view and background use one fewer, kept for the user. */
  maxInFlight?: number;
  /** Upper bound of the random delay added to every rate-limit pause. Default 1 s. */
  jitterMs?: number;
  random?: () => number;
}

export interface Scheduler {
  run<T>(task: Task<T>, options?: RunOptions): Promise<T>;
  /** Rate facts of an answer (wired to the API client's onRateInfo). */
  report(info: RateInfo): void;
  state(): RateBudgetState;
  /** Called with the new state whenever it changes; returns the unsubscribe function. */
  subscribe(listener: (state: RateBudgetState) => void): () => void;
  /** Rejects everything queued, aborts everything in flight, stops all timers. */
  close(): void;
}

/** What the scheduler needs to recognise a rate-limit refusal (ApiClientError has this shape). */
interface RateLimitedLike {
  code: 'rate-limited';
  retryAfterMs?: number;
  rateInfo?: RateInfo;
}

const isRateLimited = (error: unknown): error is RateLimitedLike =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'rate-limited';

interface Waiter {
  resolve(value: unknown): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

interface Job {
  kind: 'job';
  priority: Priority;
  key: string | undefined;
  task: Task<unknown>;
  waiters: Set<Waiter>;
  controller: AbortController;
  running: boolean;
}

interface Permit {
  kind: 'permit';
  priority: Priority;
  resolve(): void;
  reject(reason: unknown): void;
  signal: AbortSignal;
}

type Entry = Job | Permit;

/**
 * Share of the budget lower priorities leave untouched, so that a person's action rarely waits
 * for a window to pass. Held back only while the budget would not grow back soon anyway.
 */
const RESERVE: Record<Priority, number> = { user: 0, clipboard: 0, view: 0.1, background: 0.25 };
const RESERVE_HORIZON_MS = 5_000;

/** Without Retry-After or reset, a rate-limit pause grows from 2 s to a minute. */
const FALLBACK_PAUSE_MS = 2_000;
const MAX_FALLBACK_PAUSE_MS = 60_000;

const abortError = (message: string) => new DOMException(message, 'AbortError');
const reasonOf = (signal: AbortSignal) =>
  (signal.reason as unknown) ?? abortError('The request was cancelled.');

/**
 * The request queue of one profile. It sends a request only when the rate budget (see
 * RateBudget) has room, most urgent first: user actions, then clipboard shortening, then what is
 * on screen, then background sync. A rate-limit answer pauses the whole queue until the service's
 * Retry-After/reset (plus jitter), after which one request probes before the rest follow; the
 * refused call is queued again at the head of its priority, never dropped.
 */
export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const clock = options.clock ?? systemClock;
  const budget = new RateBudget(options);
  const maxInFlight = Math.max(2, options.maxInFlight ?? 4);
  const jitterMs = options.jitterMs ?? 1_000;
  const random = options.random ?? Math.random;

  const queues: Record<Priority, Entry[]> = { user: [], clipboard: [], view: [], background: [] };
  const byKey = new Map<string, Job>();
  const running = new Set<Job>();
  const listeners = new Set<(state: RateBudgetState) => void>();
  let inFlight = 0;
  let pausedUntil = 0;
  let probing = false;
  let refusals = 0;
  let closed = false;
  let wakeTimer: { handle: unknown; at: number } | undefined;
  let refreshTimer: unknown;
  let lastPublished = '';

  const reserveFor = (priority: Priority) => Math.floor(budget.limit * RESERVE[priority]);
  const slotsFor = (priority: Priority) =>
    probing ? 1 : priority === 'user' || priority === 'clipboard' ? maxInFlight : maxInFlight - 1;

  function remove(entry: Entry): void {
    const queue = queues[entry.priority];
    const index = queue.indexOf(entry);
    if (index >= 0) queue.splice(index, 1);
  }

  function state(): RateBudgetState {
    const now = clock.now();
    const queued = Object.fromEntries(
      PRIORITIES.map((p) => [p, queues[p].filter((e) => e.kind === 'job').length]),
    ) as Record<Priority, number>;
    return {
      limit: budget.limit,
      remaining: budget.available(now),
      resetAt: budget.nextGrowthAt(now),
      pausedUntil: pausedUntil > now ? pausedUntil : null,
      inFlight,
      queued,
    };
  }

  function publish(): void {
    if (listeners.size === 0 || closed) return;
    const current = state();
    const text = JSON.stringify(current);
    if (text !== lastPublished) {
      lastPublished = text;
      for (const listener of listeners) {
        try {
          listener(current);
        } catch {
          // A subscriber's fault must not stop the queue.
        }
      }
    }
    // The budget grows with time alone: publish again when it does, so meters stay true.
    if (refreshTimer !== undefined) clock.clearTimeout(refreshTimer);
    refreshTimer = undefined;
    const changes = [
      current.remaining < current.limit ? current.resetAt : Infinity,
      current.pausedUntil ?? Infinity,
    ];
    const nextChange = Math.min(...changes);
    if (nextChange !== Infinity) {
      const delay = Math.max(nextChange - clock.now(), 0) + 1;
      refreshTimer = clock.setTimeout(() => {
        refreshTimer = undefined;
        publish();
      }, delay);
      (refreshTimer as { unref?: () => void } | undefined)?.unref?.();
    }
  }

  function wakeAt(at: number): void {
    if (wakeTimer && wakeTimer.at <= at) return;
    if (wakeTimer) clock.clearTimeout(wakeTimer.handle);
    const handle = clock.setTimeout(
      () => {
        wakeTimer = undefined;
        pump();
      },
      Math.max(0, at - clock.now()),
    );
    wakeTimer = { handle, at };
  }

  /** The next entry allowed to leave now, or the time to look again (or nothing to wait for). */
  function next(now: number): { entry: Entry } | { retryAt: number } | undefined {
    if (pausedUntil > now) return { retryAt: pausedUntil };
    for (const priority of PRIORITIES) {
      for (const entry of queues[priority]) {
        // A permit belongs to a request in flight: it needs budget but no free slot.
        if (entry.kind === 'job' && inFlight >= slotsFor(priority)) continue;
        const available = budget.available(now);
        const needed = reserveFor(priority) + 1;
        if (available >= needed) return { entry };
        const refilled = budget.whenAvailable(needed, now);
        if (available >= 1 && refilled - now <= RESERVE_HORIZON_MS) return { entry };
        // Strict order: nothing less urgent may take budget this entry is waiting for.
        return {
          retryAt: available >= 1 ? refilled - RESERVE_HORIZON_MS : budget.whenAvailable(1, now),
        };
      }
    }
    return undefined;
  }

  function pump(): void {
    if (closed) return;
    for (;;) {
      const now = clock.now();
      const step = next(now);
      if (step === undefined) break;
      if ('retryAt' in step) {
        wakeAt(step.retryAt);
        break;
      }
      const { entry } = step;
      remove(entry);
      budget.recordSend(now);
      if (entry.kind === 'permit') entry.resolve();
      else start(entry);
    }
    publish();
  }

  function start(job: Job): void {
    job.running = true;
    running.add(job);
    inFlight++;
    const context: TaskContext = { signal: job.controller.signal, acquire: () => acquire(job) };
    let result: Promise<unknown>;
    try {
      result = job.task(job.controller.signal, context);
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (value) => finish(job, { ok: true, value }),
      (error: unknown) => finish(job, { ok: false, error }),
    );
  }

  function finish(
    job: Job,
    outcome: { ok: true; value: unknown } | { ok: false; error: unknown },
  ): void {
    job.running = false;
    running.delete(job);
    inFlight--;
    if (closed) return;
    if (outcome.ok) {
      probing = false;
      refusals = 0;
      settle(job, (w) => w.resolve(outcome.value));
    } else if (
      isRateLimited(outcome.error) &&
      !job.controller.signal.aborted &&
      job.waiters.size > 0
    ) {
      refusals++;
      pause(outcome.error.retryAfterMs, outcome.error.rateInfo?.resetAt);
      // Nothing is dropped: the call goes back to the head of its line.
      queues[job.priority].unshift(job);
    } else {
      settle(job, (w) =>
        w.reject(job.controller.signal.aborted ? reasonOf(job.controller.signal) : outcome.error),
      );
    }
    pump();
  }

  function settle(job: Job, each: (waiter: Waiter) => void): void {
    if (job.key !== undefined && byKey.get(job.key) === job) byKey.delete(job.key);
    for (const waiter of job.waiters) {
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      each(waiter);
    }
    job.waiters.clear();
  }

  /** Stops all sending until the service's word (or a growing fallback) says it may resume. */
  function pause(retryAfterMs: number | undefined, resetAt: number | undefined): void {
    const now = clock.now();
    const told = Math.max(retryAfterMs !== undefined ? now + retryAfterMs : 0, resetAt ?? 0);
    const fallback =
      now + Math.min(MAX_FALLBACK_PAUSE_MS, FALLBACK_PAUSE_MS * 2 ** Math.max(0, refusals - 1));
    // Retry-After: 0 (or a reset already past) must not turn into a hot loop.
    const until = (told > now + 500 ? told : Math.max(told, fallback)) + random() * jitterMs;
    pausedUntil = Math.max(pausedUntil, Math.ceil(until));
    probing = true;
  }

  function acquire(job: Job): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const signal = job.controller.signal;
      if (signal.aborted) return reject(reasonOf(signal));
      const onAbort = () => {
        remove(permit);
        reject(reasonOf(signal));
      };
      const permit: Permit = {
        kind: 'permit',
        priority: job.priority,
        signal,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      signal.addEventListener('abort', onAbort, { once: true });
      queues[job.priority].unshift(permit);
      pump();
    });
  }

  function cancelWaiter(job: Job, waiter: Waiter, reason: unknown): void {
    if (!job.waiters.delete(waiter)) return;
    waiter.reject(reason);
    if (job.waiters.size > 0) return;
    // Nobody wants the answer any more: leave the queue, or abort the request in flight.
    if (job.key !== undefined && byKey.get(job.key) === job) byKey.delete(job.key);
    if (job.running) job.controller.abort(reason);
    else remove(job);
    pump();
  }

  function upgrade(job: Job, priority: Priority): void {
    if (PRIORITIES.indexOf(priority) >= PRIORITIES.indexOf(job.priority)) return;
    if (!job.running) {
      remove(job);
      job.priority = priority;
      queues[priority].push(job);
    } else {
      job.priority = priority;
    }
  }

  return {
    run<T>(task: Task<T>, runOptions: RunOptions = {}): Promise<T> {
      const priority = runOptions.priority ?? 'view';
      const { key, signal } = runOptions;
      if (closed) return Promise.reject(abortError('The profile was closed.'));
      if (signal?.aborted) return Promise.reject(reasonOf(signal));
      const shared = key !== undefined ? byKey.get(key) : undefined;
      const job: Job = shared ?? {
        kind: 'job',
        priority,
        key,
        task: task as Task<unknown>,
        waiters: new Set(),
        controller: new AbortController(),
        running: false,
      };
      const promise = new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          resolve: resolve as (value: unknown) => void,
          reject,
          signal,
          onAbort: undefined,
        };
        if (signal) {
          waiter.onAbort = () => cancelWaiter(job, waiter, reasonOf(signal));
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        job.waiters.add(waiter);
      });
      if (shared) {
        upgrade(shared, priority);
      } else {
        if (key !== undefined) byKey.set(key, job);
        queues[priority].push(job);
      }
      pump();
      return promise;
    },

    report(info) {
      if (closed) return;
      // The answer's own request is still counted in flight; the others may not be counted yet.
      budget.observe(info, inFlight - 1);
      if (info.rateLimited) pause(info.retryAfterMs, info.resetAt);
      pump();
    },

    state,

    subscribe(listener) {
      listeners.add(listener);
      lastPublished = '';
      publish();
      return () => {
        listeners.delete(listener);
      };
    },

    close() {
      if (closed) return;
      const reason = abortError('The profile was closed.');
      for (const priority of PRIORITIES) {
        for (const entry of queues[priority].splice(0)) {
          if (entry.kind === 'permit') entry.reject(reason);
          else settle(entry, (w) => w.reject(reason));
        }
      }
      for (const job of running) {
        job.controller.abort(reason);
        settle(job, (w) => w.reject(reason));
      }
      closed = true;
      if (wakeTimer) clock.clearTimeout(wakeTimer.handle);
      if (refreshTimer !== undefined) clock.clearTimeout(refreshTimer);
      wakeTimer = undefined;
      refreshTimer = undefined;
    },
  };
}
