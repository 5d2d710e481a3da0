import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import type { SecretStore } from '../../electron/backend/secrets/index.js';
import type { BulkJob } from '../../electron/shared/bulk.js';
import type { Result } from '../../electron/shared/contract.js';
import type { TestService } from '../support/service.js';

/*
 * A backend with two profiles on two real local services, for the transfer tests: calls through
 * the router as the shells make them, pushed events, and what each service really holds (read
 * over its HTTP API, not from Linkdeck's mirrors).
 */

export interface TwoProfiles {
  backend: Backend;
  call<T>(channel: string, arg?: unknown): Promise<T>;
  /** The whole envelope (for refusals). */
  raw(channel: string, arg?: unknown): Promise<Result<unknown>>;
  /** The first pushed `bulk:changed` of a job that passes `test` (checked against later pushes only). */
  jobEvent(test: (job: BulkJob & { profileId: string }) => boolean): Promise<BulkJob & { profileId: string }>;
}

export async function openBackend(dataDir: string, secrets: SecretStore, fetchImpl?: typeof fetch, log: (message: string) => void = () => {}): Promise<TwoProfiles> {
  const backend = await createBackend({
    dataDir,
    shell: 'web',
    secrets,
    log,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    // The background details crawl would read details of links the tests keep unread.
    syncIntervals: { detailsCrawlMs: 0 },
    // A create cut off on the wire is looked up after this long (the local service answers at once).
    outboxServerMaxExecutionMs: 200,
  });
  const raw = (channel: string, arg?: unknown) => backend.router.dispatch(channel, arg);
  return {
    backend,
    raw,
    async call<T>(channel: string, arg?: unknown): Promise<T> {
      const r = (await raw(channel, arg)) as Result<T>;
      if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
    jobEvent(test) {
      return new Promise((resolve) => {
        const off = backend.subscribe((event, payload) => {
          const job = payload as BulkJob & { profileId: string };
          if (event === 'bulk:changed' && test(job)) {
            off();
            resolve(job);
          }
        });
      });
    },
  };
}

export interface ServiceLink {
  id: number;
  alias: string;
  longUrl: string;
}

/** Every link the service holds for its first user, read page by page over HTTP. */
export async function linksOn(service: TestService): Promise<ServiceLink[]> {
  const out: ServiceLink[] = [];
  for (let page = 1; ; page++) {
    const r = await service.api<{ data: { urls: Array<Record<string, unknown>>; maxpage: number } }>('GET', `/api/urls?limit=100&page=${page}`);
    for (const u of r.json.data.urls) {
      out.push({ id: Number(u['id']), alias: String(u['alias'] ?? ''), longUrl: String(u['longurl'] ?? u['longUrl'] ?? '') });
    }
    if (page >= r.json.data.maxpage) return out;
  }
}

/** Counts the service's requests by method and path (the HTTP level, as the service saw them). */
export function countingFetch(serviceUrl: string): { fetch: typeof fetch; count(method: string, path: RegExp): number; total(): number } {
  const seen: string[] = [];
  return {
    async fetch(input, init) {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(serviceUrl)) seen.push(`${(init?.method ?? 'GET').toUpperCase()} ${new URL(url).pathname}`);
      return globalThis.fetch(input, init);
    },
    count: (method, path) => seen.filter((s) => s.startsWith(`${method} `) && path.test(s.slice(method.length + 1))).length,
    total: () => seen.length,
  };
}
