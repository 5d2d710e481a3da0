import type { BulkJob } from '../../shared/bulk.js';
import type { Clock } from '../scheduler/clock.js';

export interface JobPushesDeps {
  clock: Clock;
  /** Shortest time between two pushes of a job. */
  intervalMs: number;
  isOpen: () => boolean;
  /** Every job as presented now, by id. */
  presentAll: () => Map<string, BulkJob>;
  listeners: ReadonlySet<(job: BulkJob) => void>;
  log: (message: string) => void;
}

export interface JobPushes {
  /** A job changed: it is pushed at the next interval, if it looks different. */
  changed(jobId: string): void;
  /** Pushes what waits now (the runner stops). */
  flushNow(): void;
  /** A removed job: nothing is remembered of it. */
  forget(jobId: string): void;
}

/** `bulk:changed` pushes of a profile's jobs: at most one per job per interval, the last state always delivered. */
export function createJobPushes(deps: JobPushesDeps): JobPushes {
  const { clock } = deps;
  const dirty = new Set<string>();
  const lastSent = new Map<string, string>();
  let flushTimer: unknown;
  let lastFlushAt = -Infinity;

  function flush(): void {
    flushTimer = undefined;
    if (!deps.isOpen() || dirty.size === 0) {
      lastFlushAt = clock.now();
      return;
    }
    const ids = new Set(dirty);
    dirty.clear();
    const jobs = deps.presentAll();
    // The interval counts from the delivery: presenting the jobs can take a while on a busy
    // machine, and counted from before it, two pushes could arrive closer than the interval.
    lastFlushAt = clock.now();
    for (const id of ids) {
      const job = jobs.get(id);
      if (!job) continue;
      const text = JSON.stringify(job);
      if (lastSent.get(id) === text) continue;
      lastSent.set(id, text);
      for (const listener of deps.listeners) {
        try {
          listener(job);
        } catch (error) {
          deps.log(`[bulk] a listener failed: ${(error as Error).message}`);
        }
      }
    }
  }

  function changed(jobId: string): void {
    dirty.add(jobId);
    if (flushTimer !== undefined) return;
    const wait = Math.max(0, lastFlushAt + deps.intervalMs - clock.now());
    flushTimer = clock.setTimeout(flush, wait);
    (flushTimer as { unref?: () => void } | undefined)?.unref?.();
  }

  return {
    changed,
    flushNow() {
      if (flushTimer === undefined) return;
      clock.clearTimeout(flushTimer);
      flushTimer = undefined;
      if (deps.isOpen()) flush();
    },
    forget: (jobId) => void lastSent.delete(jobId),
  };
}
