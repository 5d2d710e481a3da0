import type { RateInfo } from '../api/rate-info.js';

export interface BudgetOptions {
  /** Requests per window until the service says otherwise (the spec's 30). */
  defaultLimit?: number;
  /** The service's window (the spec's one minute). */
  windowMs?: number;
  /**
   * Safety added to every window: requests that leave us `windowMs` apart can reach the server
   * closer together (latency varies), and reset stamps are rounded to the second.
   */
  marginMs?: number;
}

interface Hint {
  /** Requests the server will still take before `resetAt`, after what we sent since. */
  remaining: number;
  /** Local clock at which the server's current window ends. */
  resetAt: number;
}

/** Answers of one window carry the same reset stamp, give or take rounding and clock-offset noise. */
const SAME_WINDOW_MS = 2_000;

/**
 * The rate budget of one API key, modelled conservatively from two sources:
 *
 * 1. Our own sends: never more than `limit` in any `windowMs + marginMs` span of the local clock.
 *    Whatever the server's windows are (fixed from the first request, as the reference service
 *    does; aligned to the minute; sliding), that keeps us within `limit` per window, and it needs
 *    no trust in the server's clock.
 * 2. The server's word (`X-RateLimit-Remaining` / `-Reset`): it also counts requests we did not
 *    send (another device, a restart). It may only lower the budget, never raise it. Answers
 *    arrive out of order, so requests still in flight are assumed not yet counted, a later
 *    reset stamp means a new window, and an earlier one is a stale answer and ignored.
 *
 * The budget is the smaller of the two.
 */
export class RateBudget {
  private readonly windowMs: number;
  private readonly marginMs: number;
  private readonly sends: number[] = [];
  private hint: Hint | undefined;
  limit: number;

  constructor(options: BudgetOptions = {}) {
    this.limit = Math.max(1, options.defaultLimit ?? 30);
    this.windowMs = options.windowMs ?? 60_000;
    this.marginMs = options.marginMs ?? 2_000;
  }

  private get span(): number {
    return this.windowMs + this.marginMs;
  }

  private prune(now: number): void {
    while (this.sends.length > 0 && (this.sends[0] as number) <= now - this.span)
      this.sends.shift();
    if (this.hint && now >= this.hint.resetAt + this.marginMs) this.hint = undefined;
  }

  /** A request leaves now. */
  recordSend(now: number): void {
    this.prune(now);
    this.sends.push(now);
    if (this.hint) this.hint.remaining -= 1;
  }

  /**
   * Facts from an answer. `othersInFlight`: requests sent before this answer arrived and not
   * yet answered, which the server may or may not have counted.
   */
  observe(info: RateInfo, othersInFlight: number): void {
    this.prune(info.at);
    if (info.limit !== undefined && info.limit > 0) this.limit = info.limit;
    if (info.rateLimited) {
      const resetAt = Math.max(
        info.resetAt ?? 0,
        info.at + (info.retryAfterMs ?? 0),
        this.hint?.resetAt ?? 0,
      );
      if (resetAt > info.at) this.hint = { remaining: 0, resetAt };
      return;
    }
    if (info.remaining === undefined) return;
    const remaining = Math.max(0, info.remaining - Math.max(0, othersInFlight));
    const current = this.hint;
    const resetAt = info.resetAt ?? current?.resetAt ?? info.at + this.windowMs;
    if (resetAt + this.marginMs <= info.at) return;
    if (!current || resetAt > current.resetAt + SAME_WINDOW_MS) {
      this.hint = { remaining, resetAt };
    } else if (resetAt >= current.resetAt - SAME_WINDOW_MS) {
      this.hint = {
        remaining: Math.min(current.remaining, remaining),
        resetAt: Math.max(current.resetAt, resetAt),
      };
    }
  }

  /** Requests that may leave now. */
  available(now: number): number {
    this.prune(now);
    const own = this.limit - this.sends.length;
    const server = this.hint ? this.hint.remaining : Number.POSITIVE_INFINITY;
    return Math.max(0, Math.min(own, server));
  }

  /** The earliest time at which `needed` requests may leave (now if they already may). */
  whenAvailable(needed: number, now: number): number {
    this.prune(now);
    const want = Math.max(1, Math.min(needed, this.limit));
    // Our own log: the send whose ageing-out frees the wanted slot.
    const overflow = this.sends.length - (this.limit - want);
    const own = overflow <= 0 ? now : (this.sends[overflow - 1] as number) + this.span;
    const server =
      this.hint && this.hint.remaining < want ? this.hint.resetAt + this.marginMs : now;
    return Math.max(own, server, now);
  }

  /** When the budget next grows; now when it is full. */
  nextGrowthAt(now: number): number {
    const available = this.available(now);
    return available >= this.limit ? now : this.whenAvailable(available + 1, now);
  }

  /** The server's reset, when it told us one that is still ahead. */
  serverResetAt(now: number): number | undefined {
    this.prune(now);
    return this.hint?.resetAt;
  }
}
