import {
  methodMatches,
  pathMatches,
  type FaultKind,
  type PathMatcher,
} from './fault-proxy-rules.js';

/** How a request through the fault proxy ended. */
export type ProxyOutcome =
  /** Still in progress (held, delayed or waiting for the service). */
  | 'pending'
  /** The client received a complete response (the service's or an injected one). */
  | 'answered'
  /** The proxy reset the client's connection (a reset fault, or the proxy went offline). */
  | 'reset'
  /** The client received part of a response, then a reset. */
  | 'truncated'
  /** The client closed its connection first (its timeout or abort). */
  | 'client-aborted'
  /** close() ended it. */
  | 'proxy-closed'
  /** The service could not be reached or broke off; the client got a 502 or a reset. */
  | 'upstream-error';

/** One request the proxy received. Entries are live: they change as the request progresses. */
export interface ProxyLogEntry {
  /** 1, 2, 3… in arrival order. */
  seq: number;
  method: string;
  /** Path with query. */
  path: string;
  idempotencyKey?: string;
  fault: FaultKind;
  /** Name of the rule that applied the fault (none for plain passthrough). */
  rule?: string;
  /** The proxy sent the request on to the service. */
  forwarded: boolean;
  /** The service answered it (so it saw and handled it, whatever the client got). */
  reachedServer: boolean;
  /** The service's status, when it answered. */
  serverStatus?: number;
  /** The status line the client received, if it received one. */
  clientStatus?: number;
  outcome: ProxyOutcome;
  error?: string;
  startedAt: number;
  endedAt?: number;
}

export interface RequestFilter {
  method?: string | readonly string[];
  path?: PathMatcher;
}

export interface TrafficCounts {
  requests: number;
  forwarded: number;
  reachedServer: number;
  /** Complete responses received by the client. */
  answered: number;
  /** Requests a fault other than passthrough applied to. */
  faulted: number;
}

export interface ProxyCounts extends TrafficCounts {
  byFault: Partial<Record<FaultKind, number>>;
  byOutcome: Partial<Record<ProxyOutcome, number>>;
  /** Keyed "METHOD /path" (query left out), e.g. counts().byRoute['POST /api/url/add'].reachedServer. */
  byRoute: Record<string, TrafficCounts>;
}

const zero = (): TrafficCounts => ({
  requests: 0,
  forwarded: 0,
  reachedServer: 0,
  answered: 0,
  faulted: 0,
});

function add(into: TrafficCounts, e: ProxyLogEntry): void {
  into.requests++;
  if (e.forwarded) into.forwarded++;
  if (e.reachedServer) into.reachedServer++;
  if (e.outcome === 'answered') into.answered++;
  if (e.fault !== 'passthrough') into.faulted++;
}

export function countLog(log: readonly ProxyLogEntry[], filter: RequestFilter = {}): ProxyCounts {
  const counts: ProxyCounts = { ...zero(), byFault: {}, byOutcome: {}, byRoute: {} };
  for (const e of log) {
    if (!methodMatches(filter.method, e.method)) continue;
    if (filter.path !== undefined && !pathMatches(filter.path, e.path)) continue;
    add(counts, e);
    counts.byFault[e.fault] = (counts.byFault[e.fault] ?? 0) + 1;
    counts.byOutcome[e.outcome] = (counts.byOutcome[e.outcome] ?? 0) + 1;
    const route = `${e.method} ${e.path.split('?')[0]}`;
    add((counts.byRoute[route] ??= zero()), e);
  }
  return counts;
}

interface Waiter {
  predicate: (entry: ProxyLogEntry) => boolean;
  resolve: (entry: ProxyLogEntry) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Promises that settle when a log entry reaches a state a test waits for (no sleeps). */
export class LogWaiters {
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly log: readonly ProxyLogEntry[]) {}

  get size(): number {
    return this.waiters.size;
  }

  wait(predicate: (entry: ProxyLogEntry) => boolean, timeoutMs: number): Promise<ProxyLogEntry> {
    const found = this.log.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          const seen = this.log
            .map((e) => `#${e.seq} ${e.method} ${e.path} ${e.fault} ${e.outcome}`)
            .join('; ');
          reject(
            new Error(
              `fault proxy: no request matched within ${timeoutMs} ms. Log: ${seen || 'empty'}`,
            ),
          );
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Call after an entry changed. */
  changed(entry: ProxyLogEntry): void {
    for (const w of this.waiters) {
      if (!w.predicate(entry)) continue;
      clearTimeout(w.timer);
      this.waiters.delete(w);
      w.resolve(entry);
    }
  }

  rejectAll(reason: string): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(new Error(reason));
    }
    this.waiters.clear();
  }
}
