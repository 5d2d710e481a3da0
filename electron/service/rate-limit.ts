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
const WINDOW_MS = 60_000;

export class RateLimiter {
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
    const resetMs = w.start + WINDOW_MS;
    const allowed = this.perMinute <= 0 || w.count < limit;
    if (allowed) w.count++;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - w.count),
      reset: Math.ceil(resetMs / 1000),
      retryAfter: Math.max(1, Math.ceil((resetMs - now) / 1000)),
    };
  }
}
