import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../electron/service/start.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { expect, test as base } from './fixtures.js';

/** A real link service, seeded through its API, that the app reaches only through a fault proxy. */
export interface ProxiedService {
  /** The proxy's address: the one the app connects to (going offline is real there). */
  url: string;
  apiKey: string;
  proxy: FaultProxy;
  /** Calls the service directly (not through the proxy), with the key. */
  api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** The titles of the seeded links, oldest first. */
  seeded: string[];
}

export const SEEDED_LINKS = 30;

export const test = base.extend<{ proxiedService: ProxiedService }>({
  // Playwright reads a fixture's dependencies from this destructuring: it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  proxiedService: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-e2e-proxied-'));
    // No rate limit: seeding spends a request per link, and the spec is about being offline.
    const service = await startService({ dataDir, port: 0, rateLimit: 0, firstUserEmail: 'offline@example.com' });
    let proxy: FaultProxy | undefined;
    try {
      const apiKey = service.firstApiKey;
      if (!apiKey) throw new Error('The remote service did not create its first user.');
      const api = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${service.url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const json = (await res.json()) as Record<string, unknown>;
        if (!res.ok || json['error'] !== 0) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
        return json;
      };
      const seeded: string[] = [];
      for (let i = 1; i <= SEEDED_LINKS; i++) {
        const title = `Seeded link ${String(i).padStart(2, '0')}`;
        await api('POST', '/api/url/add', { url: `https://example.com/seeded/${i}`, metatitle: title });
        seeded.push(title);
      }
      proxy = await startFaultProxy({ target: service.url });
      await use({ url: proxy.url, apiKey, proxy, api, seeded });
    } finally {
      await proxy?.close();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };
