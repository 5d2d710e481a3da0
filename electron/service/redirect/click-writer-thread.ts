/**
 * The default click recorder: a worker thread with its own connection to the service's SQLite
 * file writes the click batches, so the event loop that answers redirects never waits on
 * SQLite (see click-recorder.ts for why that matters and for the batch format).
 *
 * Batches reach the worker as messages and are written WRITE_INTERVAL_MS after the first click
 * of a batch arrived (or at once when MAX_TRANSACTION are waiting), so batches grow with the
 * load. The size of a batch decides what a click costs: every click touches pages spread over
 * the counters (link_counts and its index; the links table itself before schema 7) and the
 * clicks table, and a commit writes each page it touched once, whatever the number of clicks on
 * it. Measured here with 100,000 links, before schema 7 (CPU of the writer per click):
 * 53 µs in batches of 1,000, 40 µs at 2,000, 20 µs at 10,000, 15 µs at 20,000; the writer
 * shares the two cores with the thread that answers redirects, so this is redirect throughput.
 * Its connection checkpoints the WAL itself, on its own thread.
 *
 * What this asks of the shared connection (ctx.db), as any second writer of the file does:
 *  - a single write statement waits while a batch commits (busy_timeout), on the event loop:
 *    batches are capped at MAX_TRANSACTION clicks so that wait stays bounded (~0.2 s at
 *    15 µs a click on an idle machine);
 *  - a transaction that READS BEFORE IT WRITES must begin IMMEDIATE (`db.transaction(fn)
 *    .immediate()`): begun deferred, a batch committed between its read and its first write
 *    makes SQLite refuse the write (SQLITE_BUSY_SNAPSHOT), and libsql then leaves the
 *    connection refusing writes until the failed statement is garbage-collected.
 */
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DB_FILE, type Db } from '../db.js';
import {
  ADD_CLICKS_SQL,
  FLUSH_INTERVAL_MS,
  FLUSH_SIZE,
  INSERT_CLICKS_OF_LIVE_LINKS_SQL,
  INSERT_CLICKS_SQL,
  InlineClickRecorder,
  MAX_PENDING,
  RETRY_MS,
  type Click,
  type ClickCounts,
  type ClickRecorder,
} from './click-recorder.js';
import { ClickBatch } from './click-batch.js';

/** Clicks per transaction at most, so the write lock is never held long (see above). */
const MAX_TRANSACTION = 16_000;
/**
 * How long clicks wait in the worker to be written together (see above for why). A crash loses
 * at most this much traffic more than before; a normal close and flushClicks() write at once.
 */
export const WRITE_INTERVAL_MS = 1000;
/** Page cache of the writer's connection: the links table and the click indexes stay in memory. */
const CACHE_KIB = 32 * 1024;

import { WORKER_SOURCE } from './click-writer-source.js';

/** What the writer has done: transactions committed, clicks waiting in it, written, dropped; whether its last write failed. */
export interface WriterStats {
  transactions: number;
  pending: number;
  written: number;
  dropped: number;
  failing: boolean;
}

type FromWorker = { op: 'flushed'; id: number } | { op: 'stats'; id: number; stats: WriterStats } | { op: 'error'; message: string };

export interface WriterOptions {
  /** See WRITE_INTERVAL_MS. */
  writeIntervalMs?: number;
  /** See MAX_TRANSACTION. */
  maxTransaction?: number;
}

/** The service's database file, or null when it has none we can open again (in memory). */
function databaseFile(db: Db): string | null {
  const rows = db.pragma('database_list') as { name?: string; file?: string }[];
  const file = rows.find((r) => r.name === 'main')?.file;
  return file && basename(file) === DB_FILE ? file : null;
}

export class ThreadedClickRecorder implements ClickRecorder {
  /** Clicks not yet handed to the worker (typed arrays, transferred: see click-batch.ts). */
  private readonly batch = new ClickBatch(FLUSH_SIZE);
  private timer: NodeJS.Timeout | undefined;
  private nextFlushId = 0;
  private readonly flushes = new Map<number, () => void>();
  private readonly statsAsked = new Map<number, (stats: WriterStats | null) => void>();
  private readonly exited: Promise<void>;
  /** Set when the worker is gone (closed or failed): clicks are then written on this thread. */
  private inline: InlineClickRecorder | undefined;
  /** The worker's last figures: its counts go on from them once clicks are written here. */
  private lastWorker: WriterStats = { transactions: 0, pending: 0, written: 0, dropped: 0, failing: false };

  private constructor(
    private readonly worker: Worker,
    private readonly shared: Db,
  ) {
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (m: FromWorker) => {
      if (m.op === 'flushed') {
        this.flushes.get(m.id)?.();
        this.flushes.delete(m.id);
      } else if (m.op === 'stats') {
        this.lastWorker = m.stats;
        this.statsAsked.get(m.id)?.(m.stats);
        this.statsAsked.delete(m.id);
      } else console.error('[service] could not record clicks, will retry:', m.message);
    });
    worker.on('error', (error) => {
      console.error('[service] the click writer thread failed; writing clicks on the main thread:', error.message);
      this.goInline();
    });
    // Clicks must not keep a finished process alive; close() is what writes the last ones.
    worker.unref();
  }

  /** A threaded recorder for the database `db` is connected to, or null when none can run. */
  static start(db: Db, options: WriterOptions = {}): ThreadedClickRecorder | null {
    const file = databaseFile(db);
    if (!file) return null;
    try {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        // Not the parent's flags: a TS loader (tsx, vitest) has nothing to do in this thread.
        execArgv: [],
        workerData: {
          libsql: createRequire(import.meta.url).resolve('libsql'),
          file,
          addSql: ADD_CLICKS_SQL,
          insertSql: INSERT_CLICKS_SQL,
          insertLiveSql: INSERT_CLICKS_OF_LIVE_LINKS_SQL,
          cacheKib: CACHE_KIB,
          maxTransaction: options.maxTransaction ?? MAX_TRANSACTION,
          writeIntervalMs: options.writeIntervalMs ?? WRITE_INTERVAL_MS,
          maxPending: MAX_PENDING,
          retryMs: RETRY_MS,
        },
      });
      return new ThreadedClickRecorder(worker, db);
    } catch (error) {
      console.error('[service] no click writer thread; writing clicks on the main thread:', (error as Error).message);
      return null;
    }
  }

  record(c: Click): void {
    this.add(c.linkId, c.at, c.country, c.referrer, c.browser, c.os, c.device, c.visitor);
  }

  add(linkId: number, at: number, country: string, referrer: string, browser: string, os: string, device: string, visitor: string): void {
    if (this.inline) return this.inline.add(linkId, at, country, referrer, browser, os, device, visitor);
    const batch = this.batch;
    if (batch.tableFull) {
      this.send();
      batch.resetTable();
    }
    batch.add(linkId, at, country, referrer, browser, os, device, visitor);
    if (batch.full) this.send();
    else if (!this.timer) {
      this.timer = setTimeout(this.send, FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.inline) return this.inline.flush();
    this.send();
    return new Promise((resolve) => {
      const id = this.nextFlushId++;
      this.flushes.set(id, resolve);
      this.worker.postMessage({ op: 'flush', id });
    });
  }

  /**
   * What the writer thread has done, once it has read every click sent so far (the clicks still
   * buffered here are sent first) and made the writes that were due. Null once the clicks are
   * written on this thread.
   */
  stats(): Promise<WriterStats | null> {
    if (this.inline) return Promise.resolve(null);
    this.send();
    return new Promise((resolve) => {
      const id = this.nextFlushId++;
      this.statsAsked.set(id, resolve);
      this.worker.postMessage({ op: 'stats', id });
    });
  }

  async counts(): Promise<ClickCounts> {
    const worker = this.inline ? null : await this.stats();
    if (worker === null) {
      const here = await (this.inline as InlineClickRecorder).counts();
      const last = this.lastWorker;
      return { ...here, written: here.written + last.written, dropped: here.dropped + last.dropped };
    }
    return { buffered: worker.pending + this.batch.n, written: worker.written, dropped: worker.dropped, failing: worker.failing };
  }

  async close(): Promise<void> {
    if (this.inline) return this.inline.close();
    this.send();
    // The worker is unref'd while running; closing must keep the process alive until it has
    // written the last clicks and exited, even when nothing else would.
    this.worker.ref();
    this.worker.postMessage({ op: 'close' });
    await this.exited;
    await this.goInline().close();
  }

  private readonly send = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const message = this.batch.take();
    if (message === null) return;
    this.worker.postMessage(message, [message.ids.buffer, message.ats.buffer, message.fields.buffer]);
  };

  private goInline(): InlineClickRecorder {
    if (this.inline) return this.inline;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const done of this.flushes.values()) done();
    this.flushes.clear();
    for (const answer of this.statsAsked.values()) answer(null);
    this.statsAsked.clear();
    this.inline = new InlineClickRecorder(this.shared);
    // Clicks not yet handed to the worker.
    for (const click of this.batch.drain()) this.inline.record(click);
    return this.inline;
  }
}

/** The threaded recorder where it can run, else the inline one. */
export function createClickRecorder(db: Db): ClickRecorder {
  return ThreadedClickRecorder.start(db) ?? new InlineClickRecorder(db);
}
