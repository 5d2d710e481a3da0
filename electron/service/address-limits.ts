import type { FastifyRequest } from 'fastify';
import { clientAddress, clientLimitKey } from './client-address.js';
import { ApiError } from './errors.js';
import type { LimitName } from './metrics.js';

/**
 * Coarse limits per client address, against floods rather than against people: requests with
 * a missing or wrong API key, short-link page requests (redirects, pages), and password-form
 * posts. Real visitors must never meet them, so the defaults are generous (see docs/security.md,
 * "The local service under slow or hostile clients"). The finer throttle of wrong passwords per link lives with the redirects.
 *
 * Each is a fixed one-minute window per address in one Map: a get and two additions per
 * request, nothing allocated for an IPv4 visitor already counted (the redirect benchmark
 * measures this path).
 */

/** A refused request: HTTP 429, the Retry-After header, and the body real deployments send. */
export class RateLimitError extends ApiError {
  constructor(
    message: string,
    readonly retryAfter: number,
    /** Which limit refused (the metrics count refusals by it). */
    readonly limit: LimitName,
  ) {
    super(429, message);
  }
}

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  count: number;
}

export interface AddressLimiterOptions {
  /** Requests a minute per address; 0 turns the limit off. */
  perMinute: number;
  now: () => number;
  /** Addresses remembered at most (memory bound); the oldest are forgotten first. */
  maxAddresses?: number;
  /**
   * Whether loopback clients are counted (default yes). Behind a reverse proxy on the same host
   * without --trust-proxy every visitor IS 127.0.0.1, and exempting loopback would switch every
   * limit off exactly where a forgotten flag makes them matter. Only the app's own workspace
   * turns it off (startWorkspaceService), for its own client on this computer.
   */
  limitLoopback?: boolean;
}

export const MAX_ADDRESSES = 50_000;

const isLoopback = (address: string) =>
  address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');

export class AddressLimiter {
  readonly perMinute: number;
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;
  private readonly maxAddresses: number;
  private readonly limitLoopback: boolean;

  constructor(options: AddressLimiterOptions) {
    this.perMinute = options.perMinute;
    this.now = options.now;
    this.maxAddresses = options.maxAddresses ?? MAX_ADDRESSES;
    this.limitLoopback = options.limitLoopback ?? true;
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  /** How many addresses are remembered now (for the memory bound's test). */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Counts a request from `address`: 0 when it is within the limit, otherwise the whole
   * seconds until the address may send again (the request is then not counted). `now`: this
   * limiter's clock, when the caller has read it already.
   */
  take(address: string, now = this.now()): number {
    if (this.perMinute <= 0 || (!this.limitLoopback && isLoopback(address))) return 0;
    // IPv6 addresses count by their /64 (one subscriber's network); IPv4 as they are.
    const key = address.includes(':') ? clientLimitKey(address) : address;
    let w = this.windows.get(key);
    if (w === undefined) {
      if (this.windows.size >= this.maxAddresses) this.makeRoom(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    } else if (now - w.start >= WINDOW_MS) {
      w.start = now;
      w.count = 0;
    }
    if (w.count >= this.perMinute) return Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    w.count++;
    return 0;
  }

  /** Forgets every finished window; when all are live, the oldest tenth (insertion order). */
  private makeRoom(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(key);
    if (this.windows.size < this.maxAddresses) return;
    let drop = Math.max(1, Math.floor(this.maxAddresses / 10));
    for (const key of this.windows.keys()) {
      this.windows.delete(key);
      if (--drop === 0) break;
    }
  }
}

export interface AddressLimitOptions {
  /** Requests with a missing or wrong API key a minute per address (default 30). */
  badKeysPerMinute: number;
  /** Short-link requests (GET/HEAD of redirects and pages) a minute per address (default 3000). */
  pagesPerMinute: number;
  /** Password-form posts a minute per address (default 60). */
  passwordPostsPerMinute: number;
  /** Count loopback clients like any other (the default); false only for the app's own workspace. */
  limitLoopback: boolean;
}

export const ADDRESS_LIMIT_DEFAULTS: AddressLimitOptions = {
  badKeysPerMinute: 30,
  pagesPerMinute: 3000,
  passwordPostsPerMinute: 60,
  limitLoopback: true,
};

/** The three limiters of one service. */
export function createAddressLimits(options: AddressLimitOptions, now: () => number) {
  const make = (perMinute: number) => new AddressLimiter({ perMinute, now, limitLoopback: options.limitLoopback });
  const badKeys = make(options.badKeysPerMinute);
  const pages = make(options.pagesPerMinute);
  const passwordPosts = make(options.passwordPostsPerMinute);
  return {
    badKeys,
    pages,
    passwordPosts,
    /** Called after a request failed authentication: counts it, or refuses it with 429. */
    countBadKey(request: FastifyRequest): void {
      const retryAfter = badKeys.take(clientAddress(request));
      if (retryAfter > 0) {
        throw new RateLimitError(
          `Too many requests with a missing or wrong API key from your address: at most ${badKeys.perMinute} a minute. Try again in ${retryAfter} seconds.`,
          retryAfter,
          'bad_key',
        );
      }
    },
    /** A short-link request (a password post when `post`): undefined, or the error to answer. */
    pageRequest(request: FastifyRequest, post: boolean): RateLimitError | undefined {
      const limiter = post ? passwordPosts : pages;
      const retryAfter = limiter.take(clientAddress(request));
      if (retryAfter === 0) return undefined;
      return new RateLimitError(
        post
          ? `Too many password attempts from your address: at most ${limiter.perMinute} a minute. Try again in ${retryAfter} seconds.`
          : `Too many requests from your address: at most ${limiter.perMinute} a minute. Try again in ${retryAfter} seconds.`,
        retryAfter,
        post ? 'password_post' : 'page',
      );
    },
  };
}

export type AddressLimits = ReturnType<typeof createAddressLimits>;
