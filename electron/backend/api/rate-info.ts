/**
 * The rate-limit facts of one answer, read from its `X-RateLimit-*` and `Retry-After` headers
 * (or from a body that says `"error": 429`), with every time on the local clock.
 */
export interface RateInfo {
  /** Local clock (unix ms) when the answer arrived. */
  at: number;
  /** Requests allowed per window. */
  limit?: number;
  /** Requests left in the current window (never negative: some servers count past zero). */
  remaining?: number;
  /** Local clock (unix ms) at which the window resets. */
  resetAt?: number;
  /** How long the service asked us to wait before the next request. */
  retryAfterMs?: number;
  /** The answer was a rate-limit refusal (HTTP 429, or `"error": 429` in an HTTP 200 body). */
  rateLimited: boolean;
}

const MAX_HORIZON_MS = 24 * 60 * 60 * 1000;

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

const clampDelay = (ms: number) => Math.min(MAX_HORIZON_MS, Math.max(0, Math.ceil(ms)));

/**
 * How far the local clock is ahead of the server's, from the answer's `Date` header. `Date`
 * is rounded down to the second and was written before the answer travelled, so the estimate
 * errs towards later local times: the safe side for "wait until the reset".
 */
function serverOffset(headers: Headers, now: number): number {
  const date = Date.parse(headers.get('date') ?? '');
  return Number.isFinite(date) ? now - date : 0;
}

/**
 * `X-RateLimit-Reset` is a unix timestamp in seconds on the reference service, but deployments
 * also send milliseconds or "seconds from now"; the size of the number tells them apart.
 */
function resetToLocal(value: number, now: number, offset: number): number {
  if (value > 1e12) return now + clampDelay(value + offset - now);
  if (value > 1e9) return now + clampDelay(value * 1000 + offset - now);
  return now + clampDelay(value * 1000);
}

/** `Retry-After`: whole seconds, or an HTTP date. */
export function parseRetryAfter(value: unknown, now: number, offset = 0): number | undefined {
  const seconds = toNumber(value);
  if (seconds !== undefined) return clampDelay(seconds * 1000);
  if (typeof value !== 'string') return undefined;
  const date = Date.parse(value);
  return Number.isFinite(date) ? clampDelay(date + offset - now) : undefined;
}

const BODY_RETRY_KEYS = ['Retry-After', 'retry-after', 'retry_after', 'retryAfter', 'retry'];

/** The `Retry-After` some servers put in the JSON body of a rate-limit answer. */
export function bodyRetryAfter(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of BODY_RETRY_KEYS) if (record[key] !== undefined) return record[key];
  const data = record['data'];
  if (typeof data === 'object' && data !== null) {
    for (const key of BODY_RETRY_KEYS)
      if ((data as Record<string, unknown>)[key] !== undefined)
        return (data as Record<string, unknown>)[key];
  }
  return undefined;
}

/**
 * Reads the rate facts of an answer; undefined when it carries none and was not a refusal.
 * `bodyRetry` is a Retry-After found in the body (used when the header is absent).
 */
export function readRateInfo(
  headers: Headers,
  now: number,
  rateLimited: boolean,
  bodyRetry?: unknown,
): RateInfo | undefined {
  const offset = serverOffset(headers, now);
  const info: RateInfo = { at: now, rateLimited };
  const limit = toNumber(headers.get('x-ratelimit-limit'));
  if (limit !== undefined && limit > 0) info.limit = Math.floor(limit);
  const remaining = toNumber(headers.get('x-ratelimit-remaining'));
  if (remaining !== undefined) info.remaining = Math.max(0, Math.floor(remaining));
  const reset = toNumber(headers.get('x-ratelimit-reset'));
  if (reset !== undefined && reset >= 0) info.resetAt = resetToLocal(reset, now, offset);
  const retry =
    parseRetryAfter(headers.get('retry-after') ?? undefined, now, offset) ??
    parseRetryAfter(bodyRetry, now, offset);
  if (retry !== undefined) info.retryAfterMs = retry;
  const hasFacts =
    info.limit !== undefined ||
    info.remaining !== undefined ||
    info.resetAt !== undefined ||
    info.retryAfterMs !== undefined;
  return hasFacts || rateLimited ? info : undefined;
}
