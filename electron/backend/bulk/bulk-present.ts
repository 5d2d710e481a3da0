import type { BulkJob } from '../../shared/bulk.js';
import type { RateBudgetState } from '../../shared/models.js';
import type { Sql } from '../mirror/sqlite.js';
import type { Outbox } from '../outbox/outbox.js';
import type { Clock } from '../scheduler/clock.js';
import type { Connectivity } from '../sync/connectivity.js';
import { estimateEtaMs } from '../sync/eta.js';
import { englishText, msg, type MessageParam, type MessageRef } from '../../shared/message-ref.js';
import { errorMessageRef } from '../../shared/errors.js';
import { countRows, requestsLeft, type StoredJob } from './bulk-store.js';

/** Gaps between two answers longer than this were waits (offline, paused), not the pace. */
const PACE_WINDOW_MS = 10_000;

/** A wait as the messages say it: seconds up to 90, then whole minutes ("30 s", "2 min"). */
function waitOf(ms: number): { n: number; unit: 'sec' | 'min' } {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 90 ? { n: s, unit: 'sec' } : { n: Math.ceil(s / 60), unit: 'min' };
}

export interface JobPresenterDeps {
  sql: Sql;
  connectivity: Connectivity;
  scheduler?: { state(): RateBudgetState };
  clock: Clock;
  outbox: Pick<Outbox, 'get'>;
  /** The outbox operations of a job's rows in flight (null: not queued yet). */
  inFlightOf: (jobId: string) => (string | null)[];
}

export interface JobPresenter {
  /** Jobs as the renderer sees them, by id; ETAs add up the running jobs served before each one. */
  present(jobs: StoredJob[]): Map<string, BulkJob>;
  /** A row got its answer: the pace of answers feeds the ETA. */
  noteAnswer(): void;
}

/** How bulk jobs are shown: their counts, what a running one waits for in words, and its ETA. */
export function createJobPresenter(deps: JobPresenterDeps): JobPresenter {
  const { sql, connectivity, clock, outbox } = deps;

  // The pace of answers (ms between two), for the ETA when the budget does not hold rows back.
  let lastAnswerAt: number | null = null;
  let pace: number | null = null;
  function noteAnswer(): void {
    const now = clock.now();
    if (lastAnswerAt !== null && now - lastAnswerAt < PACE_WINDOW_MS) {
      const gap = now - lastAnswerAt;
      pace = pace === null ? gap : pace * 0.8 + gap * 0.2;
    }
    lastAnswerAt = now;
  }

  /**
   * Why a running job is not moving, as a message (the app says it in the person's language, the
   * command line in its own); null when it is. A reason without a key (a service's own words)
   * is put in as it came.
   */
  function waitingFor(job: StoredJob): MessageRef | null {
    if (!connectivity.isOnline()) {
      const { reason, reasonRef } = connectivity.state();
      const why: MessageParam | undefined = reasonRef ?? reason;
      return why ? msg('importNotes.jobOfflineBecause', { reason: why }) : msg('importNotes.jobOffline');
    }
    const budget = deps.scheduler?.state();
    const now = clock.now();
    if (budget?.pausedUntil && budget.pausedUntil > now) {
      return msg('importNotes.jobSlowDown', waitOf(budget.pausedUntil - now));
    }
    for (const opId of deps.inFlightOf(job.id)) {
      const op = opId ? outbox.get(opId) : null;
      if (op?.state === 'queued' && op.lastError && op.nextAttemptAt !== null && op.nextAttemptAt > now) {
        const reason = errorMessageRef(op.lastError) ?? op.lastError.message;
        return msg('importNotes.jobRetry', { reason, ...waitOf(op.nextAttemptAt - now) });
      }
    }
    return null;
  }

  /** Jobs as the renderer sees them; ETAs add up the running jobs served before each one. */
  function present(jobs: StoredJob[]): Map<string, BulkJob> {
    const out = new Map<string, BulkJob>();
    const budget = deps.scheduler?.state();
    const online = connectivity.isOnline();
    let ahead = 0;
    for (const job of jobs) {
      const counts = countRows(sql, job.id);
      let etaMs: number | null = null;
      let message: MessageRef | null = null;
      let status: BulkJob['status'] = job.status;
      if (job.status === 'running') {
        message = waitingFor(job);
        if (message) status = 'waiting';
        ahead += requestsLeft(sql, job.id, job.reuse);
        if (budget && online) {
          etaMs = Math.round(estimateEtaMs({
            requestsLeft: ahead,
            budget,
            now: clock.now(),
            // The outbox sends at a person's priority: the whole budget is its to use.
            share: 1,
            ...(pace !== null ? { latencyMs: pace } : {}),
          }));
        }
      } else if (job.status === 'paused') {
        message = msg('importNotes.jobPaused');
      } else if (job.status === 'cancelled' && counts.sending > 0) {
        message = msg('importNotes.jobCancelledSending', { n: counts.sending });
      }
      out.set(job.id, {
        id: job.id,
        name: job.name,
        createdAt: job.createdAt,
        finishedAt: job.finishedAt,
        status,
        reuse: job.reuse,
        total: job.total,
        counts,
        etaMs,
        message: message ? englishText(message) : null,
        ...(message ? { messageRef: message } : {}),
      });
    }
    return out;
  }

  return { present, noteAnswer };
}
