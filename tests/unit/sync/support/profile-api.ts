import { createApiClient } from '../../../../electron/backend/api/client.js';
import {
  createProfileApi,
  type ProfileApi,
} from '../../../../electron/backend/scheduler/profile-api.js';
import { createScheduler } from '../../../../electron/backend/scheduler/scheduler.js';

export interface CountingFetch {
  fetch: typeof fetch;
  /** Requests sent, by path (without the query). */
  counts: Map<string, number>;
  total(): number;
  reset(): void;
}

/** A fetch that counts what it sends (the benchmark and tests count requests). */
export function countingFetch(inner: typeof fetch = globalThis.fetch): CountingFetch {
  const counts = new Map<string, number>();
  return {
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    reset: () => counts.clear(),
    fetch: (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
      counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
      return inner(input, init);
    },
  };
}

/** The real scheduled API of a profile on `baseUrl` (as ProfileSessions builds it). */
export function profileApiFor(
  baseUrl: string,
  key: string,
  options: { fetch?: typeof fetch; timeoutMs?: number; postAttempts?: number } = {},
): ProfileApi {
  const client = createApiClient({
    baseUrl,
    apiKey: () => key,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.postAttempts ? { postAttempts: options.postAttempts } : {}),
    retryDelayMs: 10,
  });
  return createProfileApi({ client, scheduler: createScheduler({ jitterMs: 0 }) });
}
