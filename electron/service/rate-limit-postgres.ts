import { decision, RateLimiter, WINDOW_MS, type RateBudget, type RateDecision } from './rate-limit.js';
import { one, type Store } from './database/store.js';

/**
 * The per-key budget (30 API requests a minute by default) kept in PostgreSQL, so that it holds
 * across every node sharing the database: N nodes spend one budget, not N. Same fixed windows and
 * the same RateDecision as the in-memory RateLimiter.
 *
 * One statement per request, atomic by itself: an INSERT … ON CONFLICT DO UPDATE takes the row's
 * lock, so two nodes counting the same key at once are serialised by PostgreSQL (no read-then-
 * write race, no transaction to hold). In the SET clause `w.*` is the row as it was, so both
 * CASEs see the old window. The count stops at limit + 1: "refused" needs no bigger number, and
 * a key hammered for hours does not count up without end.
 *
 * Windows start by the calling node's clock (as on one node); nodes whose clocks differ by a
 * second shift a window's end by that second, nothing more. When the database cannot be reached
 * the promise rejects and the request fails in words, as every other query would.
 */
export class PostgresRateLimiter implements RateBudget {
  constructor(
    private readonly store: Store,
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {
    if (store.kind !== 'postgres') throw new Error('PostgresRateLimiter needs a PostgreSQL store.');
  }

  async take(userId: number): Promise<RateDecision> {
    const now = this.now();
    if (this.perMinute <= 0) return decision(this.perMinute, now, 0, true, now);
    const row = await one<{ window_start: number; count: number }>(
      this.store,
      `INSERT INTO rate_windows AS w (user_id, window_start, count) VALUES (?, ?, 1)
       ON CONFLICT (user_id) DO UPDATE SET
         window_start = CASE WHEN ? - w.window_start >= ? THEN ? ELSE w.window_start END,
         count = CASE WHEN ? - w.window_start >= ? THEN 1 ELSE LEAST(w.count + 1, ?) END
       RETURNING window_start, count`,
      userId,
      now,
      now,
      WINDOW_MS,
      now,
      now,
      WINDOW_MS,
      this.perMinute + 1,
    );
    if (!row) throw new Error('The rate budget upsert returned no row.');
    const start = Number(row.window_start);
    const count = Number(row.count);
    const allowed = count <= this.perMinute;
    return decision(this.perMinute, start, Math.min(count, this.perMinute), allowed, now);
  }
}

/**
 * The budget for a service's store: shared through PostgreSQL when the service runs there (any
 * number of nodes), in memory on SQLite (one process owns the file, and the redirect and API
 * paths stay free of a query per request).
 */
export function createRateBudget(store: Store, perMinute: number, now: () => number = Date.now): RateBudget {
  return store.kind === 'postgres' ? new PostgresRateLimiter(store, perMinute, now) : new RateLimiter(perMinute, now);
}
