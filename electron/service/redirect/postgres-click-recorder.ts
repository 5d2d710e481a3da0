/**
 * Clicks on PostgreSQL: the same buffering as on SQLite (click-recorder.ts), written by the
 * node's event loop through the store, since node-postgres does not block it. A batch is one
 * transaction of two statements whatever its size: the click rows as arrays, one parameter a
 * column, spread by `unnest` (a multi-row INSERT whose values travel as nine arrays: no
 * parameter count limit, no per-row text to build), and the links' counters (link_counts, a
 * narrow row a link: schema 7, issue 42) raised from the same arrays, so the statistics the
 * links routes read (the clicks table and the counters) agree on every node. COPY (pg-copy-streams) would be another dependency for a batch of at
 * most FLUSH_SIZE rows, which `unnest` already writes in one round trip.
 *
 * Durability, the same bound as on SQLite: a buffer is written FLUSH_INTERVAL_MS after its
 * first click (or at FLUSH_SIZE clicks), so a node killed with kill -9 loses the clicks of the
 * last FLUSH_INTERVAL_MS plus the batch being written: well under 1.1 s while a batch commits
 * in less than a second. A normal close writes them all.
 *
 * Back-pressure (issue 42, item 4): one node answers redirects several times faster than one
 * PostgreSQL absorbs their clicks (docs/benchmarks.md), so an unbounded buffer would only move
 * the loss to a kill -9 (or to MAX_PENDING). A node therefore holds at most `bound` un-written
 * clicks (buffered plus the batch in flight): BOUND_MS of what its database was last measured
 * to absorb, never less than FLUSH_SIZE, written in batches of at most half of it so that one
 * fills while the other is in flight. Past it the recorder is `full`: the direct redirect
 * path steps aside and the Fastify route awaits room() before it answers, so the redirect
 * waits until the batch in flight lands and nothing is dropped. Only a database that refuses
 * writes (failing) lets the buffer grow past the bound, up to MAX_PENDING as before: redirects
 * keep being answered while it is down.
 *
 * Nodes write concurrently: rows are sorted by link id, so two nodes raising the same links'
 * counts lock them in the same order; a deadlock PostgreSQL still reports is retried at once,
 * other failures after RETRY_MS. (A links route editing a link no longer takes the counter's
 * row lock: the counter is not in the links row any more.)
 */
import type { Store } from '../database/store.js';
import { run, text, transaction, type Work } from '../database/work.js';
import { FLUSH_INTERVAL_MS, FLUSH_SIZE, keepForRetry, MAX_PENDING, RETRY_MS, type Click, type ClickCounts, type ClickRecorder, type ClickRow } from './click-recorder.js';

/** PostgreSQL's error code for a deadlock (and a serialization failure): worth one more try at once. */
const RETRY_AT_ONCE = new Set(['40P01', '40001']);

/** A node holds at most this long of what its database absorbs, un-written (see above). */
export const BOUND_MS = 1000;

/** One batch: the links' counters (link_counts) raised, and the rows of links that still exist. */
export function* writeClicksWork(rows: ClickRow[]): Work<void> {
  rows.sort((a, b) => a[0] - b[0]);
  const ids: number[] = [];
  const counts: number[] = [];
  for (const row of rows) {
    if (ids[ids.length - 1] === row[0]) counts[counts.length - 1] = (counts[counts.length - 1] as number) + 1;
    else {
      ids.push(row[0]);
      counts.push(1);
    }
  }
  const column = (i: number) => rows.map((row) => row[i]);
  yield* transaction(function* () {
    // The links first, then their counters: the order a link's DELETE takes them (its row, then
    // the cascade to link_counts). Without it a batch held a counter and waited on the link
    // (the click rows' foreign key) while a DELETE held the link and waited on the counter: a
    // deadlock, with the user's delete as likely a victim as the batch. KEY SHARE is what the
    // foreign key checks of the INSERT below take anyway; edits of links do not conflict with it.
    yield* run(text`SELECT id FROM links WHERE id = ANY(${ids}::integer[]) ORDER BY id FOR KEY SHARE`);
    yield* run(text`UPDATE link_counts SET clicks = link_counts.clicks + c.n
      FROM unnest(${ids}::integer[], ${counts}::integer[]) AS c(id, n) WHERE link_counts.link_id = c.id`);
    // A link deleted since its clicks were buffered has nothing to count them on: the join leaves
    // them out. The join may reorder rows: ORDER BY keeps a link's clicks in the order they came
    // (their ids follow it, as on SQLite).
    yield* run(text`INSERT INTO clicks (link_id, at, country, referrer, browser, os, device, visitor)
      SELECT j.link_id, j.at, j.country, j.referrer, j.browser, j.os, j.device, j.visitor
        FROM unnest(${column(0)}::integer[], ${column(1)}::bigint[], ${column(2)}::text[], ${column(3)}::text[],
                    ${column(4)}::text[], ${column(5)}::text[], ${column(6)}::text[], ${column(7)}::text[])
          WITH ORDINALITY AS j(link_id, at, country, referrer, browser, os, device, visitor, n)
        JOIN links AS l ON l.id = j.link_id
        ORDER BY j.n`);
  });
}

export class PostgresClickRecorder implements ClickRecorder {
  private pending: ClickRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | null = null;
  private closed = false;
  private failing = false;
  private written = 0;
  private dropped = 0;
  /** Rows of the batch being written. */
  private inFlight = 0;
  /** Clicks/s the last full batches were written at (0 until one has been). */
  private rate = 0;
  /** Requests waiting for room, oldest first; `reserved` were let through and have yet to add. */
  private waiters: (() => void)[] = [];
  private reserved = 0;
  private waited = 0;

  /** `bound`: a fixed bound instead of the measured one (a test that needs it not to move). */
  constructor(
    private readonly store: Store,
    private readonly options: { bound?: number } = {},
  ) {}

  /** The most un-written clicks this node holds: BOUND_MS of the measured rate, at least a batch. */
  get bound(): number {
    if (this.options.bound !== undefined) return this.options.bound;
    return Math.min(MAX_PENDING, Math.max(FLUSH_SIZE, Math.round((this.rate * BOUND_MS) / 1000)));
  }

  /** Un-written clicks: buffered and in flight. */
  get held(): number {
    return this.pending.length + this.inFlight;
  }

  /** Whether a new click must wait for room (never while the database refuses writes, or once closed). */
  get full(): boolean {
    return !this.failing && !this.closed && (this.waiters.length > 0 || this.held + this.reserved >= this.bound);
  }

  /** Resolves when a click may be added without passing the bound (at once if it may now). */
  room(): Promise<void> {
    if (!this.full) return Promise.resolve();
    this.waited++;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  record(c: Click): void {
    this.add(c.linkId, c.at, c.country, c.referrer, c.browser, c.os, c.device, c.visitor);
  }

  add(linkId: number, at: number, country: string, referrer: string, browser: string, os: string, device: string, visitor: string): void {
    if (this.reserved > 0) this.reserved--;
    if (this.pending.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push([linkId, at, country, referrer, browser, os, device, visitor]);
    if (this.writing || this.failing) return;
    if (this.closed || this.pending.length >= this.batchSize) void this.writeNext();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.writeNext(), FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  async counts(): Promise<ClickCounts> {
    return { buffered: this.held, written: this.written, dropped: this.dropped, failing: this.failing, waiting: this.waiters.length, waited: this.waited };
  }

  /** Writes until nothing is buffered, or a write fails (the clicks stay buffered for the retry). */
  async flush(): Promise<void> {
    for (;;) {
      if (this.writing) await this.writing;
      else if (this.pending.length === 0) return;
      else if (!(await this.writeNext())) return;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.release();
    await this.flush();
    this.cancelTimer();
  }

  /**
   * Rows a batch takes: FLUSH_SIZE, or half the bound when that is less, so the next batch
   * fills while one is in flight (a batch of the whole bound would leave the writer idle while
   * the redirects it held back add their clicks).
   */
  private get batchSize(): number {
    return Math.max(1, Math.min(FLUSH_SIZE, Math.floor(this.bound / 2)));
  }

  /** Writes the next batch (up to batchSize); answers whether it was written. */
  private writeNext(): Promise<boolean> {
    this.cancelTimer();
    if (this.writing || this.pending.length === 0) return Promise.resolve(true);
    const size = this.batchSize;
    const rows = this.pending.length <= size ? this.pending : this.pending.slice(0, size);
    this.pending = rows === this.pending ? [] : this.pending.slice(size);
    this.inFlight = rows.length;
    const done = this.write(rows);
    this.writing = done.then(() => undefined);
    return done.finally(() => {
      this.writing = null;
      this.inFlight = 0;
      this.afterWrite();
      this.release();
    });
  }

  private async write(rows: ClickRow[]): Promise<boolean> {
    const started = performance.now();
    try {
      try {
        await this.store.run(writeClicksWork(rows));
      } catch (error) {
        if (!RETRY_AT_ONCE.has((error as { code?: string }).code ?? '')) throw error;
        await this.store.run(writeClicksWork(rows));
      }
      this.written += rows.length;
      this.failing = false;
      // Only a full batch says what the database absorbs (a small one is mostly round trip).
      if (rows.length >= this.batchSize) {
        const measured = (rows.length * 1000) / Math.max(1, performance.now() - started);
        this.rate = this.rate === 0 ? measured : (this.rate + measured) / 2;
      }
      return true;
    } catch (error) {
      // Kept for a later try: a database restarting or failing over is usually a passing state.
      const kept = keepForRetry(rows, this.pending);
      this.dropped += kept.dropped;
      this.pending = kept.pending;
      if (!this.failing) console.error('[service] could not record clicks, will retry:', (error as Error).message);
      this.failing = true;
      return false;
    }
  }

  /** What comes after a write: the next batch now (a backlog, or closing), on the timer, or a retry. */
  private afterWrite(): void {
    if (this.pending.length === 0 || this.timer) return;
    if (this.failing) {
      if (this.closed) return;
      this.timer = setTimeout(() => void this.writeNext(), RETRY_MS);
    } else if (this.closed || this.pending.length >= this.batchSize) {
      void this.writeNext();
      return;
    } else this.timer = setTimeout(() => void this.writeNext(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * After a batch lands: lets through as many waiting requests as there is room for (all of them
   * when closing or failing). Those let through are counted as held until they add their click
   * (or the next batch lands: one that found no link adds none).
   */
  private release(): void {
    this.reserved = 0;
    const room = this.failing || this.closed ? this.waiters.length : this.bound - this.held;
    if (room <= 0 || this.waiters.length === 0) return;
    const go = this.waiters.splice(0, room);
    this.reserved = go.length;
    for (const resolve of go) resolve();
    // Those let through add their clicks in the promise jobs that follow; a request that adds
    // none (an unknown alias) would otherwise keep its place forever, and with nothing left to
    // write no batch would land to let the others through.
    if (this.waiters.length > 0) {
      setImmediate(() => {
        if (!this.writing) this.release();
      });
    }
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
