import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StartLocalService } from '../../../electron/backend/accounts/index.js';
import { serveLocalService } from '../../../electron/main/local-service-child.js';
import {
  childLocalService,
  type ServiceChild,
} from '../../../electron/main/local-service-client.js';
import type { ToLocalService } from '../../../electron/main/local-service-protocol.js';
import { UNLIMITED } from '../../../electron/service/rate-limit.js';
import { startService } from '../../../electron/service/start.js';
import { arrivals } from '../../support/arrivals.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-utility-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const realStart: StartLocalService = (options) => startService({ ...options, rateLimit: 0 });

/**
 * A utility process in memory: the child side (serveLocalService) runs here, and every message
 * is structured-cloned and delivered later, as Electron's port does.
 */
function inMemoryChild(start: StartLocalService) {
  const toParent = new Set<(message: unknown) => void>();
  const toChild = new Set<(message: unknown) => void>();
  const exits = new Set<(code: number) => void>();
  const sent: ToLocalService[] = [];
  const childLog: string[] = [];
  let killed = 0;
  const deliver = (listeners: Set<(message: unknown) => void>, message: unknown): void => {
    const copy = structuredClone(message);
    setImmediate(() => listeners.forEach((l) => l(copy)));
  };
  serveLocalService(
    { onMessage: (l) => void toChild.add(l), postMessage: (m) => deliver(toParent, m) },
    start,
    (m) => childLog.push(m),
  );
  const child: ServiceChild = {
    onSpawn: (listener) => void setImmediate(listener),
    postMessage: (message) => {
      sent.push(message);
      deliver(toChild, message);
    },
    onMessage: (l) => void toParent.add(l),
    onExit: (l) => void exits.add(l),
    kill: () => {
      killed++;
      setImmediate(() => exits.forEach((l) => l(0)));
    },
  };
  return {
    child,
    sent,
    childLog,
    killed: () => killed,
    sendRaw: (message: unknown) => deliver(toChild, message),
  };
}

/** A child that never answers, for the time limits; `exit` simulates the process ending. */
function silentChild() {
  const exits = new Set<(code: number) => void>();
  const messages = new Set<(message: unknown) => void>();
  const sent: ToLocalService[] = [];
  let killed = 0;
  const child: ServiceChild = {
    onSpawn: (l) => l(),
    postMessage: (m) => void sent.push(m),
    onMessage: (l) => void messages.add(l),
    onExit: (l) => void exits.add(l),
    kill: () => void killed++,
  };
  return {
    child,
    sent,
    killed: () => killed,
    exit: (code: number) => exits.forEach((l) => l(code)),
    answer: (message: unknown) => messages.forEach((l) => l(message)),
  };
}

describe('the local service in a child process', () => {
  it('starts the real service there and hands back its URL and first key', async () => {
    const fake = inMemoryChild(realStart);
    const start = childLocalService({ fork: () => fake.child, log: () => {} });
    const dataDir = tempDir();

    const handle = await start({ dataDir });
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(handle.firstApiKey).toMatch(/\S{16,}/);
    const answer = await fetch(`${handle.url}/api/account`, {
      headers: { Authorization: `Bearer ${handle.firstApiKey}` },
    });
    expect(answer.status).toBe(200);
    expect(fake.sent[0]).toEqual({ type: 'start', dataDir });

    await handle.close();
    expect(fake.sent.at(-1)).toEqual({ type: 'close' });
    expect(fake.killed()).toBe(1);
    await expect(fetch(`${handle.url}/api/account`)).rejects.toThrow();
  });

  it('passes the port, and gives no first key when the workspace already has its user', async () => {
    const dataDir = tempDir();
    const first = await childLocalService({
      fork: () => inMemoryChild(realStart).child,
      log: () => {},
    })({ dataDir });
    const port = Number(new URL(first.url).port);
    await first.close();

    const fake = inMemoryChild(realStart);
    const again = await childLocalService({ fork: () => fake.child, log: () => {} })({
      dataDir,
      port,
    });
    expect(fake.sent[0]).toEqual({ type: 'start', dataDir, port });
    expect(again.url).toBe(first.url);
    expect(again.firstApiKey).toBeUndefined();
    await again.close();
  });

  it('rejects with the error code when the port is taken, so the caller can pick another', async () => {
    // A real EADDRINUSE from Node, thrown by the start as startService's listen throws it.
    // (Not startService itself here: on a listen failure it leaves its click writer thread
    // running; reported to the lead, see electron/service/start.ts.)
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const taken: StartLocalService = (options) =>
      new Promise((_resolve, reject) => {
        const second = createServer();
        second.once('error', reject);
        second.listen(options.port, '127.0.0.1');
      });
    const fake = inMemoryChild(taken);
    try {
      const failure = await childLocalService({ fork: () => fake.child, log: () => {} })({
        dataDir: tempDir(),
        port,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as { code?: string }).code).toBe('EADDRINUSE');
      expect(String(failure)).toMatch(/EADDRINUSE/);
      expect(fake.killed()).toBe(1);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('closes only once, however often close is called', async () => {
    const fake = inMemoryChild(realStart);
    const handle = await childLocalService({ fork: () => fake.child, log: () => {} })({
      dataDir: tempDir(),
    });
    await Promise.all([handle.close(), handle.close()]);
    await handle.close();
    expect(fake.sent.filter((m) => m.type === 'close')).toHaveLength(1);
    expect(fake.killed()).toBe(1);
  });

  it('rejects when the process ends before it started', async () => {
    const fake = silentChild();
    const starting = childLocalService({ fork: () => fake.child, log: () => {} })({
      dataDir: '/d',
    });
    fake.exit(9);
    await expect(starting).rejects.toThrow(/ended \(exit code 9\) before the service started/);
  });

  it('rejects when the fork itself fails', async () => {
    const start = childLocalService({
      fork: () => {
        throw new Error('no such file');
      },
      log: () => {},
    });
    await expect(start({ dataDir: '/d' })).rejects.toThrow('no such file');
  });

  it('gives up on a start that takes too long and stops the process', async () => {
    vi.useFakeTimers();
    const fake = silentChild();
    const starting = childLocalService({
      fork: () => fake.child,
      log: () => {},
      startTimeoutMs: 5000,
    })({ dataDir: '/d' });
    const outcome = starting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fake.killed()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(String(await outcome)).toMatch(/did not start within 5 seconds/);
    expect(fake.killed()).toBe(1);
  });

  it('stops a process that does not confirm its close in time', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const fake = silentChild();
    const starting = childLocalService({
      fork: () => fake.child,
      log: (m) => log.push(m),
      closeTimeoutMs: 2000,
    })({ dataDir: '/d' });
    fake.answer({ type: 'started', url: 'http://127.0.0.1:5000' });
    const handle = await starting;
    let closed = false;
    void handle.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(closed).toBe(true);
    expect(fake.killed()).toBe(1);
    expect(log.join('\n')).toMatch(/did not close within 2 s/);
  });

  it('reports a process that dies while running, and then closes at once', async () => {
    const log: string[] = [];
    const fake = silentChild();
    const starting = childLocalService({ fork: () => fake.child, log: (m) => log.push(m) })({
      dataDir: '/d',
    });
    fake.answer({ type: 'started', url: 'http://127.0.0.1:5000' });
    const handle = await starting;
    fake.exit(3);
    expect(log.join('\n')).toMatch(/ended unexpectedly \(exit code 3\)/);
    await handle.close();
    expect(fake.sent.filter((m) => m.type === 'close')).toHaveLength(0);
  });

  it('ignores answers that are not part of the protocol', async () => {
    const log: string[] = [];
    const fake = silentChild();
    const starting = childLocalService({ fork: () => fake.child, log: (m) => log.push(m) })({
      dataDir: '/d',
    });
    fake.answer({ type: 'started', url: 'file:///etc/passwd' });
    fake.answer('started');
    fake.answer({ type: 'started', url: 'http://127.0.0.1:5001', firstApiKey: 'k'.repeat(32) });
    const handle = await starting;
    expect(handle).toMatchObject({ url: 'http://127.0.0.1:5001', firstApiKey: 'k'.repeat(32) });
    expect(log.filter((m) => m.includes('not part of the protocol'))).toHaveLength(2);
  });
});

describe('the child side', () => {
  it('closes a service still starting once it has started, and never starts twice', async () => {
    let resolveStart: (handle: { url: string; close(): Promise<void> }) => void = () => {};
    const close = vi.fn(async () => {});
    const start: StartLocalService = () => new Promise((resolve) => (resolveStart = resolve));
    const fake = inMemoryChild(start);
    const answers = arrivals();
    fake.child.onMessage((m) => answers.push(m));

    fake.child.postMessage({ type: 'start', dataDir: '/d' });
    fake.child.postMessage({ type: 'close' });
    fake.child.postMessage({ type: 'start', dataDir: '/d' });
    await answers.until((a) => a.length >= 1);
    expect(answers.items).toHaveLength(1);
    expect(answers.items[0]).toMatchObject({
      type: 'failed',
      message: expect.stringMatching(/already been started once/),
    });
    expect(close).not.toHaveBeenCalled();

    resolveStart({ url: 'http://127.0.0.1:5002', close });
    await answers.until((a) => a.some((m) => (m as { type?: unknown }).type === 'closed'));
    expect(answers.items).toContainEqual({ type: 'closed' });
    expect(close).toHaveBeenCalledTimes(1);
    expect(answers.items).toContainEqual({ type: 'started', url: 'http://127.0.0.1:5002' });
  });

  it('answers a close with closed even when nothing was started, and drops junk', async () => {
    const fake = inMemoryChild(realStart);
    const answers = arrivals();
    fake.child.onMessage((m) => answers.push(m));
    fake.sendRaw({ type: 'start', dataDir: 42 });
    fake.sendRaw({ type: 'start', dataDir: '/d', port: 70000 });
    fake.child.postMessage({ type: 'close' });
    // Messages are handled in order: once the close is answered, the junk before it was dropped.
    await answers.until((a) => a.length >= 1);
    expect(answers.items).toEqual([{ type: 'closed' }]);
    expect(fake.childLog.filter((m) => m.includes('not part of the protocol'))).toHaveLength(2);
  });
});

describe('the utility process entry', () => {
  it('serves the protocol on process.parentPort, unwrapping Electron message events', async () => {
    const listeners = new Set<(event: { data: unknown }) => void>();
    const posted = arrivals();
    const parentPort = {
      on: (_name: 'message', listener: (event: { data: unknown }) => void) => {
        listeners.add(listener);
        return parentPort;
      },
      postMessage: (message: unknown) => posted.push(structuredClone(message)),
    };
    const host = process as unknown as { parentPort?: unknown };
    host.parentPort = parentPort;
    try {
      await import('../../../electron/main/local-service-process.js');
    } finally {
      delete host.parentPort;
    }
    const dataDir = tempDir();
    listeners.forEach((l) => l({ data: { type: 'start', dataDir } }));
    await posted.until((p) => p.length >= 1);
    expect(posted.items).toHaveLength(1);
    const started = posted.items[0] as { type: string; url: string; firstApiKey: string };
    expect(started).toMatchObject({ type: 'started', url: expect.stringMatching(/^http:/) });
    // The workspace has no rate limit: the service advertises a large budget.
    const answer = await fetch(`${started.url}/api/account`, {
      headers: { Authorization: `Bearer ${started.firstApiKey}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe(String(UNLIMITED));
    listeners.forEach((l) => l({ data: { type: 'close' } }));
    await posted.until((p) => p.length >= 2);
    expect(posted.items).toEqual([started, { type: 'closed' }]);
  });
});
