import type { FakeClock } from './fake-clock.js';

export interface ScriptedServerOptions {
  clock: FakeClock;
  /** Requests per fixed window (default 30). */
  limit?: number;
  windowMs?: number;
  /** Time from a request's arrival to its answer (the request is counted on arrival). */
  latencyMs?: (n: number) => number;
  /** Until this time every request is refused: HTTP 429 with this Retry-After. */
  storm?: { until: number; retryAfterSeconds: number };
  /** Requests someone else (another device) already spent in the first window. */
  preSpent?: number;
}

export interface Arrival {
  at: number;
  method: string;
  path: string;
  status: number;
}

/**
 * A fake link service for the scheduler's tests, behaving like the reference service: fixed
 * windows that start with the first request, `X-RateLimit-*` on every answer (reset in unix
 * seconds), HTTP 429 with Retry-After when a window is spent. It answers through the fake clock.
 */
export class ScriptedServer {
  readonly arrivals: Arrival[] = [];
  private window: { start: number; count: number } | undefined;
  private readonly limit: number;
  private readonly windowMs: number;
  private nextId = 1;

  constructor(private readonly options: ScriptedServerOptions) {
    this.limit = options.limit ?? 30;
    this.windowMs = options.windowMs ?? 60_000;
    if (options.preSpent) this.window = { start: options.clock.now(), count: options.preSpent };
  }

  get refused(): number {
    return this.arrivals.filter((a) => a.status === 429).length;
  }

  get accepted(): number {
    return this.arrivals.filter((a) => a.status !== 429).length;
  }

  /** The most requests that reached the server within any `span` ms. */
  maxInAnyWindow(span = this.windowMs): number {
    const times = this.arrivals.map((a) => a.at).sort((a, b) => a - b);
    let max = 0;
    let lo = 0;
    for (let hi = 0; hi < times.length; hi++) {
      while ((times[hi] as number) - (times[lo] as number) >= span) lo++;
      max = Math.max(max, hi - lo + 1);
    }
    return max;
  }

  fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const clock = this.options.clock;
    const now = clock.now();
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const method = init?.method ?? 'GET';
    const answer = this.decide(now, method, url);
    this.arrivals.push({ at: now, method, path: url.pathname, status: answer.status });
    const latency = this.options.latencyMs?.(this.arrivals.length) ?? 200;
    return new Promise<Response>((resolve, reject) => {
      const signal = init?.signal;
      const handle = clock.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(
          new Response(JSON.stringify(answer.body), {
            status: answer.status,
            headers: answer.headers,
          }),
        );
      }, latency);
      const onAbort = () => {
        clock.clearTimeout(handle);
        reject(new DOMException('aborted', 'AbortError'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  };

  private decide(
    now: number,
    method: string,
    url: URL,
  ): { status: number; headers: Record<string, string>; body: unknown } {
    if (!this.window || now - this.window.start >= this.windowMs)
      this.window = { start: now, count: 0 };
    const w = this.window;
    const resetMs = w.start + this.windowMs;
    const storm =
      this.options.storm && now < this.options.storm.until ? this.options.storm : undefined;
    const allowed = !storm && w.count < this.limit;
    if (allowed) w.count++;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      date: new Date(now).toUTCString(),
      'x-ratelimit-limit': String(this.limit),
      'x-ratelimit-remaining': String(Math.max(0, this.limit - w.count)),
      'x-ratelimit-reset': String(Math.ceil(resetMs / 1000)),
    };
    if (!allowed) {
      const retryAfter = storm
        ? storm.retryAfterSeconds
        : Math.max(1, Math.ceil((resetMs - now) / 1000));
      headers['retry-after'] = String(retryAfter);
      return {
        status: 429,
        headers,
        body: { error: 1, message: `Too many requests. Try again in ${retryAfter} seconds.` },
      };
    }
    return { status: 200, headers, body: this.body(method, url.pathname) };
  }

  private body(method: string, path: string): unknown {
    const link = (id: number) => ({
      id,
      alias: `a${id}`,
      shorturl: `https://s.test/a${id}`,
      longurl: 'https://example.com/',
      clicks: 0,
      title: 't',
      description: '',
      date: '2030-01-01 12:00:00',
    });
    if (method === 'POST' && path === '/api/url/add')
      return { error: 0, id: this.nextId++, shorturl: 'https://s.test/new' };
    if (path === '/api/urls')
      return {
        error: '0',
        data: { result: 1, perpage: 15, currentpage: 1, nextpage: 0, maxpage: 1, urls: [link(1)] },
      };
    if (path.startsWith('/api/url/')) {
      return {
        error: 0,
        id: 1,
        details: {
          id: 1,
          shorturl: 'https://s.test/a1',
          longurl: 'https://example.com/',
          title: 't',
          description: '',
          location: [],
          device: [],
          expiry: null,
          date: '2030-01-01 12:00:00',
        },
        data: {
          clicks: 0,
          uniqueClicks: 0,
          topCountries: 0,
          topReferrers: 0,
          topBrowsers: 0,
          topOs: 0,
          socialCount: 0,
        },
      };
    }
    if (path === '/api/account')
      return {
        error: 0,
        data: {
          id: 1,
          email: 'a@b.c',
          username: 'a',
          avatar: '',
          status: 'pro',
          expires: null,
          registered: '2030-01-01 00:00:00',
        },
      };
    if (path === '/api/channels')
      return {
        error: 0,
        data: { result: 0, perpage: 15, currentpage: 1, nextpage: 0, maxpage: 1, channels: [] },
      };
    return { error: 0, message: 'Done.' };
  }
}

/** A small seeded PRNG so that "random" traffic is the same on every run. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
