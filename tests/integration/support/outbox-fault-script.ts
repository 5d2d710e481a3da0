import {
  faults,
  seededRandom,
  type FaultRule,
  type RequestInfo,
} from '../../support/fault-proxy.js';

/*
 * The fault mix of the outbox fault test, for the whole run: every request through the proxy
 * has a fair chance of going wrong in one of the ways a real network and a real deployment go
 * wrong. All draws come from seeded generators, so a seed replays the same script (the timing
 * of a run still varies, so which request meets which fault does too).
 */

/** The rate-limit answers of a storm: Retry-After 1 s, and a limit that does not throttle us. */
const RATE_LIMITED = faults.rateLimited({ retryAfter: 1, limit: 1_000_000 });
const RATE_LIMITED_IN_BODY = faults.rateLimited({ retryAfter: 1, limit: 1_000_000, inBody: true });

/** The local service's rate window (fixed, one minute, starting with the first request). */
const WINDOW_MS = 60_000;

type StormKind = 'http' | 'body';

/** Starts 429 storms on demand, and at the end of each of the service's rate windows. */
export interface StormControl {
  /** The next `requests` requests, whatever they are, are refused with 429. */
  arm(requests: number, kind: StormKind): void;
}

/**
 * 429 storms where a real deployment has them: when the backend comes back after a crash (the
 * test arms one before a restart: the requests the last process spent still count), and at the
 * end of the service's rate window, when its requests are spent (every request in the last
 * 0.7–1.5 s of a window, tracked from the traffic: a window starts with the first request
 * after the last one ended). Alternately HTTP 429 and `{"error":429}` in an HTTP 200 body.
 *
 * Why not at any moment: after a 429 the scheduler's budget holds every request until the
 * later of Retry-After and the reset of the window it already knows from the service's
 * X-RateLimit-Reset, so a storm in the middle of the service's minute stalls the queue for the
 * rest of that minute, whatever Retry-After says (reported; budget.ts is not this test's).
 * A freshly started backend knows no window yet, and at a window's end the two agree.
 */
function storms(seed: number) {
  const random = seededRandom(seed);
  let windowStart: number | undefined;
  let windows = 0;
  let stormMs = 0;
  let armed: { left: number; kind: StormKind } | undefined;
  /** Decided once per request (both rules ask): the kind of storm it meets, or none. */
  const decide = (): StormKind | null => {
    const now = Date.now();
    if (armed && armed.left > 0) {
      armed.left--;
      return armed.kind;
    }
    if (windowStart === undefined || now - windowStart >= WINDOW_MS) {
      windowStart = now;
      windows++;
      stormMs = 700 + Math.floor(random() * 800);
    }
    if (windowStart + WINDOW_MS - now > stormMs) return null;
    return windows % 2 === 1 ? 'http' : 'body';
  };
  // The proxy hands every rule the same object for one request.
  let last: { request: RequestInfo; kind: StormKind | null } | undefined;
  const kindFor = (request: RequestInfo): StormKind | null => {
    if (last?.request !== request) last = { request, kind: decide() };
    return last.kind;
  };
  const control: StormControl = {
    arm(requests, kind) {
      armed = { left: requests, kind };
    },
  };
  return {
    control,
    http: (request: RequestInfo) => kindFor(request) === 'http',
    inBody: (request: RequestInfo) => kindFor(request) === 'body',
  };
}

const CREATE = { method: 'POST', path: '/api/url/add' } as const;
const READ = { method: 'GET' } as const;

/**
 * The rules, first match wins. `timeoutMs` is the client's timeout: the delays go beyond it.
 * About a fifth of the creates and a tenth of the reads (look-ups, sync pages, probes) fail.
 */
export function outboxFaultScript(
  seed: number,
  timeoutMs: number,
): { rules: FaultRule[]; storm: StormControl } {
  const late = timeoutMs + 400;
  const always = { times: Infinity };
  const storm = storms(seed ^ 0x429);
  const rules: FaultRule[] = [
    { name: '429 storm', when: storm.http, fault: RATE_LIMITED, ...always },
    {
      name: '429 storm (in a 200 body)',
      when: storm.inBody,
      fault: RATE_LIMITED_IN_BODY,
      ...always,
    },
    // Creates: the ones that matter.
    {
      name: 'create: held past the timeout, never forwarded',
      ...CREATE,
      fault: faults.delay(late),
      probability: 0.01,
      ...always,
    },
    {
      name: 'create: committed, answer past the timeout',
      ...CREATE,
      fault: faults.delayResponse(late),
      probability: 0.015,
      ...always,
    },
    {
      name: 'create: never answered',
      ...CREATE,
      fault: faults.timeout(),
      probability: 0.01,
      ...always,
    },
    { name: 'create: 502', ...CREATE, fault: faults.gateway(502), probability: 0.03, ...always },
    { name: 'create: 503', ...CREATE, fault: faults.gateway(503), probability: 0.02, ...always },
    {
      name: 'create: reset before forwarding',
      ...CREATE,
      fault: faults.resetBeforeForward(),
      probability: 0.04,
      ...always,
    },
    {
      name: 'create: reset after the commit',
      ...CREATE,
      fault: faults.resetAfterCommit(),
      probability: 0.05,
      ...always,
    },
    {
      name: 'create: truncated answer',
      ...CREATE,
      fault: faults.truncate(),
      probability: 0.03,
      ...always,
    },
    // Reads: the outbox's look-ups, the sync's pages, the connectivity's probes.
    {
      name: 'read: never answered',
      ...READ,
      fault: faults.timeout(),
      probability: 0.01,
      ...always,
    },
    { name: 'read: 502', ...READ, fault: faults.gateway(502), probability: 0.02, ...always },
    {
      name: 'read: reset before forwarding',
      ...READ,
      fault: faults.resetBeforeForward(),
      probability: 0.02,
      ...always,
    },
    {
      name: 'read: reset after the answer',
      ...READ,
      fault: faults.resetAfterCommit(),
      probability: 0.01,
      ...always,
    },
    {
      name: 'read: truncated answer',
      ...READ,
      fault: faults.truncate(),
      probability: 0.02,
      ...always,
    },
  ];
  return { rules, storm: storm.control };
}
