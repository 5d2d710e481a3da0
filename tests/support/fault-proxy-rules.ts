import type { IncomingHttpHeaders } from 'node:http';

/**
 * Faults and rules of the scripted fault proxy (fault-proxy.ts): what can go wrong with one
 * request, and which requests it happens to.
 */

export type FaultKind =
  | 'passthrough'
  | 'delay'
  | 'delayResponse'
  | 'timeout'
  | 'status'
  | 'resetBeforeForward'
  | 'resetAfterCommit'
  | 'replaceAfterCommit'
  | 'truncate'
  | 'offline';

export type Fault =
  /** Forward unchanged (the default for requests no rule claims). */
  | { kind: 'passthrough' }
  /** Hold the request `ms` before forwarding; a client that gives up meanwhile never reaches the server. */
  | { kind: 'delay'; ms: number }
  /** Forward at once, hold the service's answer `ms`: the server commits even if the client gives up. */
  | { kind: 'delayResponse'; ms: number }
  /** Accept the request and never answer; the proxy lets go when the client (or close()) does. */
  | { kind: 'timeout' }
  /** Answer with this status, body and headers without forwarding. */
  | { kind: 'status'; status: number; body: string; headers: Record<string, string> }
  /** Reset the client's connection before the request is forwarded: the server never sees it. */
  | { kind: 'resetBeforeForward' }
  /** Forward, wait for the service's whole answer (it has committed), then reset: the lost answer. */
  | { kind: 'resetAfterCommit' }
  /**
   * Forward, wait for the service's whole answer (it has committed), then answer the client this
   * instead: an empty 200, or a proxy's HTML 502 for a backend that answered too late for it.
   */
  | { kind: 'replaceAfterCommit'; status: number; body: string; headers: Record<string, string> }
  /**
   * Forward, then send the head and `bodyBytes` of the body (default: half of it; half of the
   * head when the body is empty) and reset.
   */
  | { kind: 'truncate'; bodyBytes?: number }
  /** Reset this request and stop accepting connections until online() is called. */
  | { kind: 'offline' };

/** The faults that take no parameters may be given by name. */
export type SimpleFaultName =
  'passthrough' | 'timeout' | 'resetBeforeForward' | 'resetAfterCommit' | 'truncate' | 'offline';

const GATEWAY_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

/** Builders for every fault. */
export const faults = {
  passthrough: (): Fault => ({ kind: 'passthrough' }),
  delay: (ms: number): Fault => ({ kind: 'delay', ms: checkMs(ms) }),
  delayResponse: (ms: number): Fault => ({ kind: 'delayResponse', ms: checkMs(ms) }),
  timeout: (): Fault => ({ kind: 'timeout' }),
  /** An object body is sent as JSON (with a JSON Content-Type unless `headers` names one). */
  status: (
    status: number,
    body: string | object = '',
    headers: Record<string, string> = {},
  ): Fault => {
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      throw new RangeError(`A fault status must be an HTTP status from 200 to 599, not ${status}.`);
    }
    const json = typeof body !== 'string';
    const hasType = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
    return {
      kind: 'status',
      status,
      body: json ? JSON.stringify(body) : body,
      headers:
        json && !hasType
          ? { 'Content-Type': 'application/json; charset=utf-8', ...headers }
          : { ...headers },
    };
  },
  /** What a reverse proxy (nginx) answers when the service behind it is down: HTML, not JSON. */
  gateway: (status: 500 | 502 | 503 | 504 = 502): Fault => {
    const title = `${status} ${GATEWAY_TEXT[status]}`;
    return faults.status(
      status,
      `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
      { 'Content-Type': 'text/html', ...(status === 503 ? { 'Retry-After': '30' } : {}) },
    );
  },
  /**
   * The hosted API's rate-limit answer: 429 with Retry-After and the X-RateLimit-* headers, or
   * (`inBody`) HTTP 200 carrying `{"error":429,…}` as some deployments send.
   */
  rateLimited: ({
    retryAfter = 60,
    limit = 30,
    inBody = false,
  }: { retryAfter?: number; limit?: number; inBody?: boolean } = {}): Fault =>
    faults.status(
      inBody ? 200 : 429,
      { error: inBody ? 429 : 1, message: 'Rate limit exceeded' },
      {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + retryAfter),
      },
    ),
  resetBeforeForward: (): Fault => ({ kind: 'resetBeforeForward' }),
  resetAfterCommit: (): Fault => ({ kind: 'resetAfterCommit' }),
  /** `instead` (a `status` or `gateway` fault) replaces the answer of a service that committed. */
  replaceAfterCommit: (instead: Fault): Fault => {
    if (instead.kind !== 'status')
      throw new TypeError('replaceAfterCommit takes a status or gateway fault.');
    return { ...instead, kind: 'replaceAfterCommit' };
  },
  truncate: (bodyBytes?: number): Fault => ({
    kind: 'truncate',
    ...(bodyBytes !== undefined ? { bodyBytes: checkMs(bodyBytes) } : {}),
  }),
  offline: (): Fault => ({ kind: 'offline' }),
};

function checkMs(n: number): number {
  if (!Number.isFinite(n) || n < 0)
    throw new RangeError(`Expected a finite number >= 0, got ${n}.`);
  return n;
}

/** A path given as a string matches itself and what lies below it: '/api/url' matches '/api/url/7' and '/api/url?x', not '/api/urls'. */
export type PathMatcher = string | RegExp;

/** What a rule's predicate sees: the whole request, body included (the proxy reads it first). */
export interface RequestInfo {
  method: string;
  /** Path with query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text ('' when none). */
  body: string;
}

export interface FaultRule {
  /** Shown in the log; default "<method> <path> → <fault>". */
  name?: string;
  /** Case-insensitive; any method when omitted. */
  method?: string | readonly string[];
  /** Any path when omitted. RegExps are tested against the path with its query. */
  path?: PathMatcher;
  when?: (request: RequestInfo) => boolean;
  fault: Fault | SimpleFaultName;
  /** How many matching requests get the fault: default 1, Infinity for every one. */
  times?: number;
  /** Let this many matching requests through (to later rules) first: "the third create fails". */
  skip?: number;
  /** Chance in [0, 1] that a matching request gets the fault, drawn from a seeded PRNG. */
  probability?: number;
  /** Seed of this rule's PRNG; default derived from the proxy's seed and the rule's order. */
  seed?: number;
}

/** A rule once scripted: its live tallies, for assertions. */
export interface ScriptedRule {
  readonly name: string;
  readonly fault: Fault;
  /** Requests that matched method, path and predicate (skipped, drawn out or applied). */
  readonly matched: number;
  /** Requests the fault was applied to. */
  readonly applied: number;
  /** Applications left (Infinity for an always-rule). */
  readonly remaining: number;
  /** Stop applying this rule. */
  cancel(): void;
}

const toFault = (fault: Fault | SimpleFaultName): Fault =>
  typeof fault === 'string' ? { kind: fault } : fault;

/** mulberry32: tiny, fast and good enough to make a test's coin flips reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pathMatches(matcher: PathMatcher, path: string): boolean {
  if (typeof matcher !== 'string') {
    matcher.lastIndex = 0; // a /g or /y RegExp keeps state between tests otherwise
    return matcher.test(path);
  }
  if (!path.startsWith(matcher)) return false;
  if (path.length === matcher.length || /[/?]$/.test(matcher)) return true;
  const next = path[matcher.length];
  return next === '/' || next === '?';
}

export function methodMatches(
  matcher: string | readonly string[] | undefined,
  method: string,
): boolean {
  if (matcher === undefined) return true;
  const list = typeof matcher === 'string' ? [matcher] : matcher;
  return list.some((m) => m.toUpperCase() === method.toUpperCase());
}

/** A scripted rule with its state; the proxy asks it, in script order, whether it claims a request. */
export class ActiveRule implements ScriptedRule {
  readonly name: string;
  readonly fault: Fault;
  matched = 0;
  applied = 0;
  remaining: number;
  private readonly skip: number;
  private readonly random: (() => number) | undefined;

  constructor(
    private readonly rule: FaultRule,
    proxySeed: number,
    serial: number,
  ) {
    this.fault = toFault(rule.fault);
    const times = rule.times ?? 1;
    if (!(times >= 0) || (Number.isFinite(times) && !Number.isInteger(times))) {
      throw new RangeError(`times must be a whole number >= 0 or Infinity, not ${times}.`);
    }
    const p = rule.probability;
    if (p !== undefined && !(p >= 0 && p <= 1))
      throw new RangeError(`probability must be in [0, 1], not ${p}.`);
    this.remaining = times;
    this.skip = rule.skip ?? 0;
    // Each rule draws from its own stream so adding a rule never shifts another rule's draws.
    this.random =
      p === undefined
        ? undefined
        : seededRandom(rule.seed ?? Math.imul(proxySeed ^ 0x9e3779b9, serial + 1));
    const path = rule.path === undefined ? '*' : String(rule.path);
    const method = rule.method === undefined ? '*' : [rule.method].flat().join('|');
    this.name = rule.name ?? `${method} ${path} → ${this.fault.kind}`;
  }

  /** Whether this rule applies its fault to the request (and counts it if so). */
  claims(request: RequestInfo): boolean {
    if (this.remaining <= 0) return false;
    if (!methodMatches(this.rule.method, request.method)) return false;
    if (this.rule.path !== undefined && !pathMatches(this.rule.path, request.path)) return false;
    if (this.rule.when && !this.rule.when(request)) return false;
    this.matched++;
    if (this.matched <= this.skip) return false;
    if (this.random && this.random() >= (this.rule.probability as number)) return false;
    this.applied++;
    this.remaining--;
    return true;
  }

  cancel(): void {
    this.remaining = 0;
  }
}
