/**
 * Fixed one-minute windows per API key, as the spec's X-RateLimit-* headers describe: the
 * window starts with a key's first request and resets a minute later.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  /** Whole seconds until a request would be allowed again (when not allowed). */
  retryAfter: number;
}

/** With the limit off, the headers advertise this many requests a minute. */
export const UNLIMITED = 1_000_000;
export const WINDOW_MS = 60_000;

/**
 * A per-key budget: the in-memory RateLimiter below (one process, SQLite) answers at once; the
 * PostgreSQL one (rate-limit-postgres.ts), shared by every node, answers a promise.
 */
export interface RateBudget {
  take(userId: number): RateDecision | Promise<RateDecision>;
}

/** The decision for a window that started at `start` and has counted `count` requests (the one just made included when allowed). */
export function decision(perMinute: number, start: number, count: number, allowed: boolean, now: number): RateDecision {
  const limit = perMinute > 0 ? perMinute : UNLIMITED;
  const resetMs = start + WINDOW_MS;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - count),
    reset: Math.ceil(resetMs / 1000),
    retryAfter: Math.max(1, Math.ceil((resetMs - now) / 1000)),
  };
}

export class RateLimiter implements RateBudget {
  private readonly windows = new Map<number, { start: number; count: number }>();

  /** perMinute 0 turns enforcement off. */
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  take(userId: number): RateDecision {
    const now = this.now();
    const limit = this.perMinute > 0 ? this.perMinute : UNLIMITED;
    let w = this.windows.get(userId);
    if (!w || now - w.start >= WINDOW_MS) {
      w = { start: now, count: 0 };
      this.windows.set(userId, w);
    }
    const allowed = this.perMinute <= 0 || w.count < limit;
    if (allowed) w.count++;
    return decision(this.perMinute, w.start, w.count, allowed, now);
  }
}
