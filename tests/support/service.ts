import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type ServiceOptions } from '../../electron/service/start.js';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: T;
  text: string;
}

export interface TestService {
  url: string;
  key: string;
  dataDir: string;
  service: RunningService;
  /** Calls the API as the first user (or with `key`), JSON in and out. */
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    opts?: { key?: string | null; headers?: Record<string, string>; rawBody?: string },
  ): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/** Starts the real local service on a free port with its own temporary SQLite file. */
export async function startTestService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-service-'));
  const service = await startService({ rateLimit: 0, ...options, dataDir, port: 0 });
  const key = service.firstApiKey as string;
  return {
    url: service.url,
    key,
    dataDir,
    service,
    async api(method, path, body, opts = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...opts.headers };
      const useKey = opts.key === undefined ? key : opts.key;
      if (useKey !== null) headers['Authorization'] = `Bearer ${useKey}`;
      const res = await fetch(service.url + path, {
        method,
        headers,
        ...(opts.rawBody !== undefined ? { body: opts.rawBody } : body !== undefined ? { body: JSON.stringify(body) } : {}),
        redirect: 'manual',
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, json: json as never, text };
    },
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
