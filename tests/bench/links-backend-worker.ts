import { parentPort } from 'node:worker_threads';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { Result } from '../../electron/shared/contract.js';
import { startService, type RunningService } from '../../electron/service/start.js';
import { startWebShell, type WebShell } from '../../electron/web/web-shell.js';
import type { ServedStamps } from './round-trip-parts.js';

/*
 * The links bench's app side, on a thread of its own (issue 43): the backend and the web shell
 * with their own event loop, as in the app, where no test driver shares the backend's thread.
 * Until 2026-11-28 they ran on the bench's main thread beside Playwright's client, whose work
 * for each keystroke (the key's CDP answer, the polls of waitForFunction) came in at the very
 * moment the page's links:list did: page → backend took 11 ms at p50 against 1.5 ms for a
 * call that does no work, made while Playwright waited.
 *
 * links-bench.ts talks to it with messages `{ id, type, … }` answered by `{ id, value | error }`.
 */

export type WorkerRequest =
  | { type: 'connect'; serviceDir: string; dataDir: string }
  | { type: 'start'; dataDir: string; rendererDir: string }
  | { type: 'expected'; q: string }
  | { type: 'record'; handler: boolean; served: boolean }
  | { type: 'take' }
  | { type: 'close' };

export interface Recorded {
  handler: number[];
  served: Array<ServedStamps & { q: string; channel: string }>;
}

/** The first window of a search as the Links view asks for it first (FIRST_ROWS). */
export const isFirstWindow = (channel: unknown, arg: unknown): boolean => {
  const a = arg as { offset?: unknown; limit?: unknown } | undefined;
  return channel === 'links:list' && (a?.offset ?? 0) === 0 && a?.limit === 50;
};

const secrets = new MemorySecretStore({ reason: 'The benchmark keeps keys in memory.' });
let service: RunningService | undefined;
let backend: Backend | undefined;
let shell: WebShell | undefined;
let handler: number[] | null = null;
let served: Recorded['served'] | null = null;

const newBackend = (dataDir: string) => createBackend({ dataDir, shell: 'web', appVersion: 'bench', secrets, log: () => {} });

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'connect': {
      // A profile connected to a local service, which is then stopped: offline from here on,
      // the mirror is the app's only source and no sync prunes it.
      service = await startService({ dataDir: request.serviceDir, port: 0, rateLimit: 0 });
      if (!service.firstApiKey) throw new Error('The local service did not create its first user.');
      const app = await newBackend(request.dataDir);
      const connected = (await app.router.dispatch('profiles:connect', { name: 'Bench', baseUrl: service.url, apiKey: service.firstApiKey })) as Result<{ id: string }>;
      await app.close();
      await service.close();
      service = undefined;
      if (!connected.ok) throw new Error(`profiles:connect failed: ${connected.error.message}`);
      return connected.value.id;
    }
    case 'start': {
      backend = await newBackend(request.dataDir);
      const router = backend.router;
      const dispatch = router.dispatch.bind(router);
      // The handler's own time of every first-window links:list call while recording, and the
      // backend's stamps (epoch clock) of those and of the no-work calls (round-trip-parts.ts).
      router.dispatch = async (channel, arg) => {
        const start = performance.now();
        const result = await dispatch(channel, arg);
        const end = performance.now();
        if (handler && isFirstWindow(channel, arg)) handler.push(end - start);
        if (served && (channel === 'app:info' || isFirstWindow(channel, arg)))
          served.push({ channel: String(channel), q: String((arg as { q?: unknown } | undefined)?.q ?? ''), start: performance.timeOrigin + start, end: performance.timeOrigin + end });
        return result;
      };
      shell = await startWebShell({ backend, rendererDir: request.rendererDir });
      return { url: shell.url, origin: shell.origin, token: shell.token };
    }
    case 'expected': {
      if (!backend) throw new Error('not started');
      const query: Record<string, unknown> = { sort: 'date', direction: 'desc', offset: 0, limit: 1 };
      if (request.q.trim()) query['q'] = request.q.trim();
      const answer = (await backend.router.dispatch('links:list', query)) as Result<{ total: number; items: Array<{ id: number }> }>;
      if (!answer.ok) throw new Error(`links:list failed: ${answer.error.message}`);
      return { total: answer.value.total, firstId: answer.value.items[0]?.id ?? null };
    }
    case 'record':
      handler = request.handler ? [] : null;
      served = request.served ? [] : null;
      return null;
    case 'take': {
      const taken: Recorded = { handler: handler ?? [], served: served ?? [] };
      handler = null;
      served = null;
      return taken;
    }
    case 'close':
      await shell?.close().catch(() => undefined);
      await backend?.close().catch(() => undefined);
      await service?.close().catch(() => undefined);
      return null;
  }
}

parentPort?.on('message', (message: { id: number } & WorkerRequest) => {
  handle(message).then(
    (value) => parentPort?.postMessage({ id: message.id, value }),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
