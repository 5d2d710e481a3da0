/**
 * Click recording off the redirect's critical path. A redirect only appends its click to an
 * in-memory buffer; buffered clicks are written in batches, each one transaction that inserts
 * the click rows and raises the links' counters (link_counts, one narrow row a link: schema 7)
 * with one UPDATE, so the statistics the links routes read (the clicks table and the counters)
 * always agree with each other.
 *
 * Durability trade-off: a crash or kill -9 loses the clicks not yet written, at most about
 * FLUSH_INTERVAL_MS of traffic plus, with the writer thread, its WRITE_INTERVAL_MS (1 s) and a
 * batch being written; a normal close (the app's onClose hook) writes them all. In exchange a
 * commit carries thousands of clicks instead of one (click-writer-thread.ts says what that buys).
 *
 * Two recorders share the batch format and SQL:
 *  - ThreadedClickRecorder (click-writer-thread.ts, the default): a worker thread with its own
 *    connection writes the batches, so the event loop that answers redirects never waits on
 *    SQLite. Measured here, a click costs ~15-30 µs to write (B-tree work for random links,
 *    WAL appends, checkpoints), more than the redirect itself.
 *  - InlineClickRecorder (below): writes on the event loop, in small batches so each pause is
 *    short. Used when the worker cannot run (in-memory database, no worker support).
 */
import type { Db } from '../db.js';

export interface Click {
  linkId: number;
  at: number;
  country: string;
  referrer: string;
  browser: string;
  os: string;
  device: string;
  visitor: string;
}

/** A click as it travels to the writer: [linkId, at, country, referrer, browser, os, device, visitor]. */
export type ClickRow = [number, number, string, string, string, string, string, string];

/** What a recorder has done since it started, for the metrics and the readiness probe. */
export interface ClickCounts {
  /** Clicks answered and not yet written. */
  buffered: number;
  /** Clicks handed to the database in committed batches (a deleted link's are left out there). */
  written: number;
  /** Clicks given up because the database refused writes until MAX_PENDING were waiting. */
  dropped: number;
  /** Whether the last write failed (the writer is retrying). */
  failing: boolean;
  /**
   * PostgreSQL only (back-pressure, postgres-click-recorder.ts): requests waiting now for the
   * writer to make room, and how many have waited since the start.
   */
  waiting?: number;
  waited?: number;
}

export interface ClickRecorder {
  record(click: Click): void;
  /**
   * record() without the Click object: what the redirect hot path calls (one fewer allocation
   * per redirect; the threaded recorder stores the fields straight into typed arrays).
   */
  add(linkId: number, at: number, country: string, referrer: string, browser: string, os: string, device: string, visitor: string): void;
  counts(): Promise<ClickCounts>;
  /** Resolves once every click recorded so far is in the database. */
  flush(): Promise<void>;
  /** Writes what is left and releases the writer; later clicks are written straight away. */
  close(): Promise<void>;
}

/** A buffer is written this long after its first click at the latest… */
export const FLUSH_INTERVAL_MS = 100;
/**
 * …or as soon as it holds this many (a divisor of the writer's 16,000-click transaction, as in
 * the same-work floor the benchmark compares with).
 */
export const FLUSH_SIZE = 4000;
/**
 * If the database keeps refusing writes, clicks beyond this many are dropped, not hoarded. (On
 * PostgreSQL a database that is merely slower than the clicks never gets here: redirects wait
 * for room once BOUND_MS of what it absorbs is held, postgres-click-recorder.ts.)
 */
export const MAX_PENDING = 200_000;
export const RETRY_MS = 1000;

/**
 * A failed batch put back in front of what waits, oldest first, so the next try writes it first;
 * what exceeds MAX_PENDING is given up (counted in `dropped`). Both recorders keep clicks this way.
 */
export function keepForRetry(failed: ClickRow[], pending: ClickRow[]): { pending: ClickRow[]; dropped: number } {
  const kept = failed.concat(pending);
  return { pending: kept.slice(0, MAX_PENDING), dropped: Math.max(0, kept.length - MAX_PENDING) };
}

/**
 * The batch SQL: two statements whatever the batch size, the rows travelling as one JSON array
 * (a native call per click and per link would cost more than the SQL). Rows must be sorted by
 * link id (neighbouring rows share B-tree pages) and counts hold [linkId, n].
 */
export const ADD_CLICKS_SQL = `UPDATE link_counts SET clicks = clicks + c.n
  FROM (SELECT value ->> 0 AS id, value ->> 1 AS n FROM json_each(?)) AS c
  WHERE link_counts.link_id = c.id`;
/**
 * The rows as they are: used when the UPDATE above counted on every link of the batch (its
 * `changes` equal the batch's distinct links: every link has its counter row, made by a trigger
 * with the link and deleted with it), which the same transaction then keeps true.
 */
export const INSERT_CLICKS_SQL = `INSERT INTO clicks (link_id, at, country, referrer, browser, os, device, visitor)
  SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7
    FROM json_each(?) AS j`;
/**
 * A link deleted since its clicks were buffered has nothing to count them on (and the clicks
 * table's foreign key would refuse them): the join leaves them out. Only such batches pay for
 * the join, a look-up in links per click (~1 µs a redirect of the writer's CPU with 100,000
 * links, issue 32, item 10).
 */
export const INSERT_CLICKS_OF_LIVE_LINKS_SQL = `INSERT INTO clicks (link_id, at, country, referrer, browser, os, device, visitor)
  SELECT l.id, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7
    FROM json_each(?) AS j JOIN links AS l ON l.id = j.value ->> 0`;

/**
 * Sorts rows by link (in place) and counts them per link: the two JSON parameters of a batch,
 * and how many distinct links it has.
 */
export function batchParameters(rows: ClickRow[]): { counts: string; rows: string; links: number } {
  rows.sort((a, b) => a[0] - b[0]);
  const counts: [number, number][] = [];
  for (const row of rows) {
    const last = counts[counts.length - 1];
    if (last && last[0] === row[0]) last[1]++;
    else counts.push([row[0], 1]);
  }
  return { counts: JSON.stringify(counts), rows: JSON.stringify(rows), links: counts.length };
}

/** On the event loop, in batches of INLINE_BATCH with the loop let through between them. */
const INLINE_BATCH = 250;

export class InlineClickRecorder implements ClickRecorder {
  private pending: ClickRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private closed = false;
  private failing = false;
  private written = 0;
  private dropped = 0;
  private readonly write: (rows: ClickRow[]) => void;

  constructor(db: Db) {
    const addClicks = db.prepare(ADD_CLICKS_SQL);
    const insertClicks = db.prepare(INSERT_CLICKS_SQL);
    const insertClicksOfLiveLinks = db.prepare(INSERT_CLICKS_OF_LIVE_LINKS_SQL);
    this.write = db.transaction((rows: ClickRow[]) => {
      const p = batchParameters(rows);
      const counted = addClicks.run(p.counts).changes;
      (counted === p.links ? insertClicks : insertClicksOfLiveLinks).run(p.rows);
    });
  }

  record(c: Click): void {
    this.add(c.linkId, c.at, c.country, c.referrer, c.browser, c.os, c.device, c.visitor);
  }

  add(linkId: number, at: number, country: string, referrer: string, browser: string, os: string, device: string, visitor: string): void {
    if (this.pending.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push([linkId, at, country, referrer, browser, os, device, visitor]);
    if (this.closed) return void this.writeAll();
    if (this.failing) return;
    if (this.pending.length >= INLINE_BATCH) {
      // After the current I/O callbacks: the redirect that filled the batch is answered first.
      this.immediate ??= setImmediate(this.writeBatch);
    } else if (!this.timer) {
      this.timer = setTimeout(this.writeBatch, FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    this.writeAll();
  }

  async counts(): Promise<ClickCounts> {
    return { buffered: this.pending.length, written: this.written, dropped: this.dropped, failing: this.failing };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.writeAll();
  }

  private writeAll(): void {
    this.cancelTimers();
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.tryWrite(rows);
  }

  /** Writes one batch; a backlog continues on the next turn of the event loop. */
  private readonly writeBatch = (): void => {
    this.cancelTimers();
    if (this.pending.length === 0) return;
    const rows = this.pending.length <= INLINE_BATCH ? this.pending : this.pending.slice(0, INLINE_BATCH);
    this.pending = rows === this.pending ? [] : this.pending.slice(INLINE_BATCH);
    if (!this.tryWrite(rows)) return;
    if (this.pending.length >= INLINE_BATCH) this.immediate = setImmediate(this.writeBatch);
    else if (this.pending.length > 0) {
      this.timer = setTimeout(this.writeBatch, FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  };

  private tryWrite(rows: ClickRow[]): boolean {
    try {
      this.write(rows);
      this.written += rows.length;
      this.failing = false;
      return true;
    } catch (error) {
      // Keep them for a later try: a locked or full disk is usually a passing state.
      const kept = keepForRetry(rows, this.pending);
      this.dropped += kept.dropped;
      this.pending = kept.pending;
      if (!this.failing) console.error('[service] could not record clicks, will retry:', (error as Error).message);
      this.failing = true;
      if (!this.closed) {
        this.cancelTimers();
        this.timer = setTimeout(this.writeBatch, RETRY_MS);
        this.timer.unref();
      }
      return false;
    }
  }

  private cancelTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }
}
