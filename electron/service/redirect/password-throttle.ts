/**
 * Wrong passwords on a protected short link, counted per link and client address: after LIMIT
 * wrong ones within WINDOW_MS, that client's passwords for that link are refused unread (HTTP
 * 429) until the oldest of them is a window old. Without it, a short password falls to a
 * script in seconds (400 guesses took 11 s).
 *
 * - Attempts in flight count: 400 guesses posted at once get LIMIT password checks, not 400.
 * - A right password within the limit works and clears the count: a visitor who mistypes a
 *   few times never sees the limit.
 * - Only (link, client) pairs are counted, never a link as a whole: a limit on the link would
 *   let anyone lock its real visitors out. Floods from one address across many links are the
 *   service's per-address request limits' job.
 * - The state is in memory and bounded: at most MAX_ENTRIES pairs, the least recently used
 *   dropped first. A pair is only added by a wrong password, and each costs a scrypt check
 *   (tens of ms on libuv's few threads), so pushing a pair out within its minute takes far more
 *   checks than the service can run in that minute.
 */
import { clientLimitKey } from '../client-address.js';

export const PASSWORD_LIMIT = 5;
export const PASSWORD_WINDOW_MS = 60_000;
export const MAX_ENTRIES = 10_000;

interface Entry {
  /** When the wrong passwords of the window were checked, oldest first. */
  failures: number[];
  /** Checks running now. */
  pending: number;
}

export interface PasswordAttempt {
  /** Reports the check's outcome; call exactly once. */
  finish(accepted: boolean): void;
}

export type ThrottleAnswer = { attempt: PasswordAttempt } | { retryAfterSeconds: number };

export interface PasswordThrottleOptions {
  limit?: number;
  windowMs?: number;
  maxEntries?: number;
}

export class PasswordThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly clock: () => number,
    options: PasswordThrottleOptions = {},
  ) {
    this.limit = options.limit ?? PASSWORD_LIMIT;
    this.windowMs = options.windowMs ?? PASSWORD_WINDOW_MS;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
  }

  /** Before a password is read: an attempt to report on, or how long this client must wait. */
  begin(linkId: number, client: string): ThrottleAnswer {
    const key = `${linkId} ${clientLimitKey(client)}`;
    const now = this.clock();
    const entry = this.entries.get(key) ?? { failures: [], pending: 0 };
    this.forgetOld(entry, now);
    if (entry.failures.length + entry.pending >= this.limit) {
      const oldest = entry.failures[0];
      const waitMs = oldest === undefined ? this.windowMs : oldest + this.windowMs - now;
      return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    entry.pending++;
    this.put(key, entry);
    let finished = false;
    return {
      attempt: {
        finish: (accepted) => {
          if (finished) return;
          finished = true;
          entry.pending--;
          if (accepted) entry.failures = [];
          else entry.failures.push(this.clock());
          if (entry.failures.length === 0 && entry.pending === 0) this.entries.delete(key);
          else this.put(key, entry);
        },
      },
    };
  }

  /** How many (link, client) pairs are remembered. */
  get size(): number {
    return this.entries.size;
  }

  private forgetOld(entry: Entry, now: number): void {
    const since = now - this.windowMs;
    let drop = 0;
    while (drop < entry.failures.length && (entry.failures[drop] as number) <= since) drop++;
    if (drop > 0) entry.failures.splice(0, drop);
  }

  /** Stores the entry as the most recently used (a Map iterates in insertion order). */
  private put(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

/** "45 seconds", "1 minute", "3 minutes": when to try again, for people. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
