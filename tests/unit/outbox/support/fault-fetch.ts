/*
 * A fetch with scripted faults at the HTTP level, for what a test cannot cause otherwise: an
 * answer lost after the service did the work (a reset, a timeout), the service unreachable, a
 * request that never returns (the app killed mid-request).
 */

export type Fault =
  /** The request reaches the service; its answer is thrown away and the call fails like a reset. */
  | 'lose-answer'
  /** The request reaches the service; the call never returns. */
  | 'hang-after-send'
  /** The call fails like an unreachable host, nothing is sent. */
  | 'unreachable';

interface Rule {
  method: string;
  path: RegExp;
  fault: Fault;
  times: number;
  /** Matching requests to let through before the fault applies. */
  after: number;
}

export interface FaultFetch {
  fetch: typeof fetch;
  /** Faults `times` matching requests (default 1), after letting `after` through (default 0). */
  on(
    method: string,
    path: RegExp,
    fault: Fault,
    options?: { times?: number; after?: number },
  ): void;
  /** Every request fails as unreachable while true. */
  offline: boolean;
  /** Requests that reached the service, as "METHOD /path". */
  sent: string[];
  /** Resolves when a hung request has reached the service. */
  hung: Promise<void>;
}

const unreachable = () =>
  Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });

export function faultFetch(inner: typeof fetch = globalThis.fetch): FaultFetch {
  const rules: Rule[] = [];
  let markHung: () => void = () => {};
  const self: FaultFetch = {
    offline: false,
    sent: [],
    hung: new Promise<void>((resolve) => (markHung = resolve)),
    on(method, path, fault, options = {}) {
      rules.push({ method, path, fault, times: options.times ?? 1, after: options.after ?? 0 });
    },
    fetch: async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
      const method = (init?.method ?? 'GET').toUpperCase();
      if (self.offline) throw unreachable();
      let rule = rules.find((r) => r.times > 0 && r.method === method && r.path.test(url.pathname));
      if (rule && rule.after > 0) {
        rule.after--;
        rule = undefined;
      }
      if (rule?.fault === 'unreachable') {
        rule.times--;
        throw unreachable();
      }
      const response = await inner(input, init);
      self.sent.push(`${method} ${url.pathname}`);
      if (!rule) return response;
      rule.times--;
      await response.text();
      if (rule.fault === 'lose-answer')
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
      markHung();
      return new Promise<Response>(() => {});
    },
  };
  return self;
}
