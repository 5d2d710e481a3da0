import { msg, sentencesRef, type MessageRef } from '../../shared/message-ref.js';
import { randomUUID } from 'node:crypto';
import type { BulkJob, BulkOrigin, BulkRow, BulkRowsPage } from '../../shared/bulk.js';
import type { ExportFile } from '../../shared/exports.js';
import { linkInputIssues } from '../../shared/link-validation.js';
import type { LinkInput, RateBudgetState } from '../../shared/models.js';
import { AppError } from '../app-error.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Outbox } from '../outbox/outbox.js';
import { systemClock, type Clock } from '../scheduler/clock.js';
import type { Connectivity } from '../sync/connectivity.js';
import {
  cancelQueued,
  countRows,
  createdIdOfOp,
  deleteJob,
  getJob,
  insertJob,
  listJobs,
  queuedRows,
  rowsPage,
  sendingRows,
  setJobStatus,
  updateRow,
  type RowError,
  type StoredJob,
  type StoredRow,
} from './bulk-store.js';
import { forgetJobRowClicks, recordLinkOrigin, rowNotes, storeRowOrigins } from './former-clicks.js';
import { applyAliasChoice, storeAliasChoices } from './alias-taken.js';
import type { AliasChoice } from '../../shared/import-aliases.js';
import { createJobPresenter } from './bulk-present.js';
import { createJobPushes } from './bulk-pushes.js';
import { resultCsv } from './result-csv.js';
import { reuseKey } from './reuse-key.js';

export interface BulkRunnerOptions {
  mirror: Mirror;
  outbox: Outbox;
  connectivity: Connectivity;
  /** The profile's rate budget, for the ETA and to say when the service asked to slow down. */
  scheduler?: { state(): RateBudgetState } | undefined;
  clock?: Clock;
  newId?: () => string;
  /**
   * Rows of all jobs in the outbox at once. Small, so that a change the person makes meanwhile
   * waits behind a few rows, not thousands (the outbox sends in order). Default 3.
   */
  maxInFlight?: number;
  /** Shortest time between two `bulk:changed` pushes of a job. Default 250 ms (4 a second). */
  emitIntervalMs?: number;
  onChange?: (job: BulkJob) => void;
  log?: (message: string) => void;
}

export interface BulkRunner {
  /** Resumes running jobs (rows found 'sending' are followed to their answer, never sent again). */
  start(): void;
  /** Stops taking rows; rows in the outbox stay there and are followed again at the next start. */
  stop(): void;
  /** Newest first. */
  list(): BulkJob[];
  get(id: string): BulkJob;
  create(arg: { name: string; rows: LinkInput[]; reuse: boolean; origin?: BulkOrigin; onAliasTaken?: readonly AliasChoice[] }): BulkJob;
  rows(id: string, offset?: number, limit?: number): BulkRowsPage;
  pause(id: string): BulkJob;
  resume(id: string): BulkJob;
  cancel(id: string): BulkJob;
  remove(id: string): void;
  resultCsv(id: string): ExportFile;
  onChange(listener: (job: BulkJob) => void): () => void;
}

interface InFlight {
  jobId: string;
  idx: number;
  /** Rows sharing a reuse key wait for each other: the second one reuses what the first made. */
  key: string | null;
  opId: string | null;
}

/** What to do with a row when the runner itself takes its operation back out of the outbox. */
type Withdrawal = 'requeue' | 'cancel';

const TICK_MS = 1_000;

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'bulk-job';

/**
 * A refused row's words: Linkdeck's own sentence as its key (the app says it in the person's
 * language), the service's words as they came, or `fallback` when the error had none.
 */
function rowError(error: unknown, fallback: MessageRef): RowError {
  if (error instanceof AppError && error.info.key) return msg(error.info.key, error.info.params);
  const message = error instanceof Error ? error.message : '';
  return message || fallback;
}


export function createBulkRunner(options: BulkRunnerOptions): BulkRunner {
  const { mirror, outbox, connectivity } = options;
  const sql = mirror.sql;
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? randomUUID;
  const maxInFlight = Math.max(1, options.maxInFlight ?? 3);
  const emitInterval = Math.max(0, options.emitIntervalMs ?? 250);
  const log = options.log ?? (() => {});
  const listeners = new Set<(job: BulkJob) => void>();
  if (options.onChange) listeners.add(options.onChange);

  const inFlight = new Map<string, InFlight>();
  const withdrawn = new Map<string, Withdrawal>();
  const isOpen = () => sql.db.open;
  let running = false;
  let unfollow: (() => void) | undefined;
  let ticker: unknown;

  const rowKey = (jobId: string, idx: number) => `${jobId}:${idx}`;
  const inFlightOf = (jobId: string) => [...inFlight.values()].filter((f) => f.jobId === jobId);

  function requireJob(id: string): StoredJob {
    const job = getJob(sql, id);
    if (!job) throw AppError.keyed('not-found', msg('errors.bulk.jobGone'));
    return job;
  }

  const presenter = createJobPresenter({
    sql,
    connectivity,
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    clock,
    outbox,
    inFlightOf: (jobId) => inFlightOf(jobId).map((f) => f.opId),
  });
  const present = presenter.present;
  const noteAnswer = presenter.noteAnswer;

  const presentOne = (id: string): BulkJob => {
    requireJob(id);
    // ETAs depend on the jobs ahead: present them all, then pick.
    return present(listJobs(sql)).get(id) as BulkJob;
  };

  const pushes = createJobPushes({ clock, intervalMs: emitInterval, isOpen, presentAll: () => present(listJobs(sql)), listeners, log });
  const changed = pushes.changed;

  function tick(): void {
    ticker = undefined;
    if (!running || !isOpen()) return;
    // The ETA and "waiting" change with time and the budget: re-present running jobs (pushed only if different).
    const active = listJobs(sql).filter((j) => j.status === 'running');
    for (const job of active) changed(job.id);
    if (active.length > 0 || inFlight.size > 0) armTicker();
  }

  function armTicker(): void {
    if (ticker !== undefined || !running) return;
    ticker = clock.setTimeout(tick, TICK_MS);
    (ticker as { unref?: () => void } | undefined)?.unref?.();
  }

  /* Rows. */

  function settleRow(row: { jobId: string; idx: number }, patch: Parameters<typeof updateRow>[3]): void {
    if (!isOpen()) return;
    updateRow(sql, row.jobId, row.idx, patch);
    if (patch.linkId !== undefined && patch.linkId !== null) recordLinkOrigin(sql, row.jobId, row.idx, patch.linkId, clock.now());
  }

  /** Marks a job done when nothing of it is left to send or to hear about. */
  function finishIfDone(jobId: string): void {
    if (!isOpen()) return;
    const job = getJob(sql, jobId);
    if (!job || job.status !== 'running' || inFlightOf(jobId).length > 0) return;
    const counts = countRows(sql, jobId);
    if (counts.queued === 0 && counts.sending === 0) setJobStatus(sql, jobId, 'done', clock.now());
  }

  /** Follows a row's create in the outbox to its answer. */
  async function follow(flight: InFlight, opId: string): Promise<void> {
    try {
      const result = await outbox.settled(opId);
      if (!isOpen()) return;
      const answer = result.answer as { shortUrl?: unknown } | null;
      const id = result.id;
      const shortUrl = typeof answer?.shortUrl === 'string' ? answer.shortUrl : id !== null ? (mirror.link(id)?.shortUrl ?? null) : null;
      noteAnswer();
      settleRow(flight, { status: 'created', linkId: id, shortUrl });
    } catch (error) {
      if (!isOpen()) return;
      const withdrawal = withdrawn.get(opId);
      withdrawn.delete(opId);
      if (withdrawal === 'requeue') settleRow(flight, { status: 'queued' });
      else if (withdrawal === 'cancel') settleRow(flight, { status: 'cancelled' });
      else {
        noteAnswer();
        const message = (error as Error).message;
        // An import's alias refused as taken follows the person's dry-run choice.
        const choice = applyAliasChoice(sql, flight.jobId, flight.idx, message);
        if (choice && 'requeue' in choice) settleRow(flight, { status: getJob(sql, flight.jobId)?.status === 'cancelled' ? 'cancelled' : 'queued' });
        else settleRow(flight, choice ? { status: 'cancelled', error: choice.skip } : { status: 'failed', error: rowError(error, msg('importNotes.rowRefused')) });
        // The row keeps the service's words; the person's outbox is not filled with a job's refusals.
        try {
          if (outbox.get(opId)?.state === 'failed') outbox.discard(opId);
        } catch (discardError) {
          log(`[bulk] could not take a refused row out of the outbox: ${(discardError as Error).message}`);
        }
      }
    }
  }

  /** One row: reuse a link for its URL and domain if asked and one exists, else queue its create. */
  async function process(job: StoredJob, row: StoredRow, flight: InFlight): Promise<void> {
    try {
      if (job.reuse && flight.key !== null) {
        const found = mirror.findReusable({
          url: row.input.url,
          ...(row.input.domain ? { domain: row.input.domain } : {}),
          ...(row.input.custom ? { alias: row.input.custom } : {}),
        });
        let reused: { id: number; shortUrl: string } | null = null;
        if (found && found.id > 0) reused = { id: found.id, shortUrl: found.shortUrl };
        else if (found && found.opId) {
          // A create still in the outbox (the person's own, or another job's): its answer is the link.
          try {
            const result = await outbox.settled(found.opId);
            const answer = result.answer as { shortUrl?: unknown } | null;
            if (result.id !== null && typeof answer?.shortUrl === 'string') reused = { id: result.id, shortUrl: answer.shortUrl };
          } catch {
            // Refused or discarded: this row makes its own link.
          }
        }
        if (!isOpen()) return;
        if (reused) {
          settleRow(flight, { status: 'reused', linkId: reused.id, shortUrl: reused.shortUrl });
          return;
        }
        // A pause or cancel while this row waited: leave it to them.
        const now = getJob(sql, job.id);
        if (!now || now.status !== 'running') {
          if (now?.status === 'cancelled') settleRow(flight, { status: 'cancelled' });
          return;
        }
      }
      const opId = sql.transaction(() => {
        const item = outbox.enqueue({ kind: 'link.create', input: row.input });
        // Same transaction: a row is never left 'queued' with its create already in the outbox.
        updateRow(sql, job.id, row.index, { status: 'sending', opId: item.opId });
        return item.opId;
      });
      flight.opId = opId;
      changed(job.id);
      await follow(flight, opId);
    } catch (error) {
      if (!isOpen()) return;
      settleRow(flight, { status: 'failed', error: rowError(error, msg('importNotes.rowNotQueued')) });
    }
  }

  function launch(flight: InFlight, work: Promise<void>): void {
    inFlight.set(rowKey(flight.jobId, flight.idx), flight);
    void work.finally(() => {
      inFlight.delete(rowKey(flight.jobId, flight.idx));
      if (!isOpen()) return;
      finishIfDone(flight.jobId);
      changed(flight.jobId);
      pump();
    });
  }

  /** Fills the free places with the next rows of the running jobs, oldest job first. */
  function pump(): void {
    if (!running || !isOpen()) return;
    const busyKeys = new Set([...inFlight.values()].map((f) => f.key).filter((k): k is string => k !== null));
    for (const job of listJobs(sql)) {
      if (inFlight.size >= maxInFlight) break;
      if (job.status !== 'running') continue;
      const mine = inFlightOf(job.id).length;
      const candidates = queuedRows(sql, job.id, mine + maxInFlight);
      for (const row of candidates) {
        if (inFlight.size >= maxInFlight) break;
        if (inFlight.has(rowKey(job.id, row.index))) continue;
        // A row with a custom alias reuses only the link with that alias (an import run again).
        const key = job.reuse ? reuseKey(row.input) + (row.input.custom ? ` ${row.input.custom}` : '') : null;
        // The same URL and domain is on its way: wait for it, then reuse what it made.
        if (key !== null && busyKeys.has(key)) break;
        if (key !== null) busyKeys.add(key);
        const flight: InFlight = { jobId: job.id, idx: row.index, key, opId: null };
        launch(flight, process(job, row, flight));
      }
      finishIfDone(job.id);
    }
    armTicker();
  }

  /** Takes a row's create back out of the outbox if it has not gone out yet. */
  function withdraw(flight: InFlight, as: Withdrawal): void {
    if (!flight.opId) return;
    const op = outbox.get(flight.opId);
    if (!op || op.state !== 'queued' || op.attempts > 0 || op.outcomeUnknown) return;
    withdrawn.set(flight.opId, as);
    try {
      outbox.discard(flight.opId);
    } catch {
      // It went on the wire meanwhile: its answer settles the row.
      withdrawn.delete(flight.opId);
    }
  }

  /** After a restart: rows that were in the outbox are followed, or settled from what it recorded. */
  function recover(): void {
    for (const row of sendingRows(sql)) {
      const flight: InFlight = { jobId: row.jobId, idx: row.index, key: null, opId: row.opId };
      if (row.opId && outbox.get(row.opId)) {
        launch(flight, follow(flight, row.opId));
        continue;
      }
      const id = row.opId ? createdIdOfOp(sql, row.opId) : null;
      if (id !== null) {
        settleRow(flight, { status: 'created', linkId: id, shortUrl: mirror.link(id)?.shortUrl ?? null });
      } else {
        settleRow(flight, {
          status: 'failed',
          error: msg('importNotes.rowDiscarded'),
        });
      }
      changed(row.jobId);
    }
  }

  function setStatus(job: StoredJob, status: StoredJob['status']): void {
    setJobStatus(sql, job.id, status, status === 'done' || status === 'cancelled' ? clock.now() : null);
    changed(job.id);
  }

  const runner: BulkRunner = {
    start() {
      if (running || !isOpen()) return;
      running = true;
      recover();
      unfollow = connectivity.onChange(() => {
        for (const job of listJobs(sql)) if (job.status === 'running') changed(job.id);
      });
      pump();
    },

    stop() {
      running = false;
      unfollow?.();
      unfollow = undefined;
      if (ticker !== undefined) clock.clearTimeout(ticker);
      ticker = undefined;
      pushes.flushNow();
    },

    list: () => [...present(listJobs(sql)).values()].reverse(),

    get: presentOne,

    create({ name, rows, reuse, origin, onAliasTaken }) {
      const now = clock.now();
      const job: StoredJob = { id: newId(), name: name.trim() || 'Bulk job', createdAt: now, finishedAt: null, status: 'running', reuse, total: rows.length };
      // Checked again here (the renderer's preview could be bypassed): a bad row fails alone, in words.
      const checked = rows.map((input) => {
        const problems = Object.values(linkInputIssues(input, { mode: 'create', now }));
        return problems.length > 0
          ? { input, status: 'failed' as const, error: sentencesRef(problems as [MessageRef, ...MessageRef[]]) }
          : { input, status: 'queued' as const, error: null };
      });
      sql.transaction(() => {
        insertJob(sql, job, checked);
        if (origin) storeRowOrigins(sql, job.id, origin);
        if (onAliasTaken) storeAliasChoices(sql, job.id, onAliasTaken);
      });
      if (checked.every((r) => r.status === 'failed')) setJobStatus(sql, job.id, 'done', now);
      changed(job.id);
      pump();
      return presentOne(job.id);
    },

    rows(id, offset = 0, limit = 100) {
      const job = requireJob(id);
      const rows: BulkRow[] = rowsPage(sql, id, offset, limit).map((r) => ({
        index: r.index,
        input: r.input,
        status: r.status,
        linkId: r.linkId,
        shortUrl: r.shortUrl,
        error: r.error,
        ...(r.errorRef ? { errorRef: r.errorRef } : {}),
      }));
      return { rows, total: job.total };
    },

    pause(id) {
      const job = requireJob(id);
      if (job.status !== 'running') throw AppError.keyed('invalid-input', msg('errors.bulk.notRunning', { status: job.status }));
      setStatus(job, 'paused');
      for (const flight of inFlightOf(id)) withdraw(flight, 'requeue');
      return presentOne(id);
    },

    resume(id) {
      const job = requireJob(id);
      if (job.status !== 'paused') throw AppError.keyed('invalid-input', msg('errors.bulk.notPaused', { status: job.status }));
      setStatus(job, 'running');
      pump();
      return presentOne(id);
    },

    cancel(id) {
      const job = requireJob(id);
      if (job.status === 'done' || job.status === 'cancelled') throw AppError.keyed('invalid-input', msg('errors.bulk.alreadyOver', { status: job.status }));
      sql.transaction(() => {
        setStatus(job, 'cancelled');
        cancelQueued(sql, id);
      });
      for (const flight of inFlightOf(id)) withdraw(flight, 'cancel');
      return presentOne(id);
    },

    remove(id) {
      const job = requireJob(id);
      if (job.status !== 'done' && job.status !== 'cancelled') {
        throw AppError.keyed('invalid-input', msg('errors.bulk.cancelFirst'));
      }
      const sending = countRows(sql, id).sending;
      if (sending > 0) throw AppError.keyed('invalid-input', msg('errors.bulk.stillSending', { n: sending }));
      deleteJob(sql, id);
      forgetJobRowClicks(sql, id);
      pushes.forget(id);
    },

    resultCsv(id) {
      const job = requireJob(id);
      const rows = rowsPage(sql, id, 0, Number.MAX_SAFE_INTEGER);
      return { filename: `${slug(job.name)}-results.csv`, mime: 'text/csv', content: resultCsv(rows, mirror, rowNotes(sql, id)) };
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return runner;
}
