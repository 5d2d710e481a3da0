import { describe, expect, it } from 'vitest';
import { AppShutdown, type AppShutdownDeps } from '../../../electron/main/app-shutdown.js';
import { deferred } from '../clipboard/fakes.js';

/** The close sequence's collaborators, recording the order things happen in. */
function setup(options: { backend?: boolean } = {}) {
  const steps: string[] = [];
  const closing = deferred<void>();
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  const backend = {
    close: () => {
      steps.push('backend.close');
      return closing.promise.then(() => void steps.push('backend closed'));
    },
  };
  const deps: AppShutdownDeps = {
    flush: () => void steps.push('flush'),
    stopDesktop: () => void steps.push('stop desktop'),
    backend: () => (options.backend === false ? null : backend),
    quit: () => void steps.push('quit'),
    log: (message) => void steps.push(`log: ${message}`),
    sessionEndBudgetMs: 4000,
    setTimeout: (callback, ms) => {
      const t = { callback, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (t) => void ((t as { cleared: boolean }).cleared = true),
  };
  const shutdown = new AppShutdown(deps);
  /** Lets the promise chains run. */
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { shutdown, steps, closing, timers, flush };
}

describe('the app shutdown sequence', () => {
  it('a normal quit waits for the backend to close (outbox flushed, service stopped), then quits', async () => {
    const { shutdown, steps, closing, flush } = setup();
    expect(shutdown.beforeQuit()).toBe(true);
    expect(shutdown.quitting).toBe(true);
    await flush();
    expect(steps).toEqual(['stop desktop', 'backend.close']);
    closing.resolve();
    await flush();
    expect(steps).toEqual(['stop desktop', 'backend.close', 'backend closed', 'quit']);
    // The second before-quit (from that quit) goes through.
    expect(shutdown.beforeQuit()).toBe(false);
    expect(steps.filter((s) => s === 'backend.close')).toHaveLength(1);
  });

  it('a second quit while the backend closes waits for the same close', async () => {
    const { shutdown, steps, closing, flush } = setup();
    shutdown.beforeQuit();
    expect(shutdown.beforeQuit()).toBe(true);
    closing.resolve();
    await flush();
    expect(steps.filter((s) => s === 'backend.close')).toHaveLength(1);
    expect(steps.filter((s) => s === 'quit')).toHaveLength(1);
  });

  it('quits at once when no backend was started', () => {
    const { shutdown, steps } = setup({ backend: false });
    expect(shutdown.beforeQuit()).toBe(false);
    expect(steps).toEqual(['stop desktop']);
  });

  it('query-session-end (an end that may be cancelled) only flushes: nothing stops, no quit', async () => {
    const { shutdown, steps, flush } = setup();
    shutdown.sessionMayEnd();
    shutdown.sessionMayEnd();
    await flush();
    expect(steps).toEqual(['flush', 'flush']);
    expect(shutdown.quitting).toBe(false);
    expect(shutdown.cause).toBeNull();
    // The person's quit afterwards is the usual one.
    expect(shutdown.beforeQuit()).toBe(true);
  });

  it('Windows ending the session (session-end) runs the same sequence once, then quits', async () => {
    const { shutdown, steps, closing, flush } = setup();
    shutdown.sessionMayEnd();
    shutdown.sessionEnding('session-end');
    expect(shutdown.quitting).toBe(true);
    shutdown.sessionEnding('session-end');
    await flush();
    expect(steps).toEqual(['flush', 'stop desktop', 'backend.close']);
    // Electron's own quit during the close waits for it rather than starting another.
    expect(shutdown.beforeQuit()).toBe(true);
    closing.resolve();
    await flush();
    expect(steps).toEqual(['flush', 'stop desktop', 'backend.close', 'backend closed', 'quit']);
    expect(shutdown.cause).toBe('session-end');
    expect(shutdown.beforeQuit()).toBe(false);
    // A late query (a second window's) once closing flushes nothing more.
    shutdown.sessionMayEnd();
    expect(steps.filter((s) => s === 'flush')).toHaveLength(1);
  });

  it('a flush that throws is logged and stops nothing', () => {
    const logged: string[] = [];
    const shutdown = new AppShutdown({
      flush: () => {
        throw new Error('disk full');
      },
      stopDesktop: () => void logged.push('stop desktop'),
      backend: () => null,
      quit: () => void logged.push('quit'),
      log: (message) => void logged.push(message),
    });
    shutdown.sessionMayEnd();
    expect(logged).toEqual([expect.stringMatching(/could not write down the app's state.*disk full/)]);
    expect(shutdown.quitting).toBe(false);
  });

  it('an ending session quits once the budget has passed, even if the backend has not closed', async () => {
    const { shutdown, steps, timers, flush } = setup();
    shutdown.sessionEnding('os-shutdown');
    await flush();
    expect(timers.map((t) => t.ms)).toEqual([4000]);
    timers[0]!.callback();
    await flush();
    expect(steps.at(-2)).toMatch(/had not closed within 4000 ms/);
    expect(steps.at(-1)).toBe('quit');
    expect(shutdown.done).toBe(true);
  });

  it('the budget timer is cleared when the backend closes in time', async () => {
    const { shutdown, closing, timers, flush } = setup();
    shutdown.sessionEnding('session-end');
    closing.resolve();
    await flush();
    expect(timers[0]!.cleared).toBe(true);
  });

  it('delays the OS shutdown (powerMonitor) only while there is something left to close', async () => {
    const { shutdown, closing, flush } = setup();
    expect(shutdown.delayOsShutdown()).toBe(true);
    shutdown.sessionEnding('os-shutdown');
    expect(shutdown.delayOsShutdown()).toBe(true);
    closing.resolve();
    await flush();
    expect(shutdown.delayOsShutdown()).toBe(false);
  });

  it('a failing desktop stop or backend close is logged and the quit still happens', async () => {
    const { shutdown, steps, closing, flush } = setup();
    const failing = new AppShutdown({
      stopDesktop: () => {
        throw new Error('tray gone');
      },
      backend: () => ({ close: () => Promise.reject(new Error('disk full')) }),
      quit: () => void steps.push('quit'),
      log: (message) => void steps.push(`log: ${message}`),
    });
    expect(failing.beforeQuit()).toBe(true);
    await flush();
    expect(steps).toEqual([
      'log: [app] the desktop parts did not stop cleanly: Error: tray gone',
      'log: [app] backend did not close cleanly: Error: disk full',
      'quit',
    ]);
    closing.resolve();
    expect(shutdown.done).toBe(false);
  });

  it('session-end lets the next quit through before-quit and holds it at will-quit until the close is over', async () => {
    const { shutdown, steps, closing, flush } = setup();
    expect(shutdown.holdWillQuit()).toBe(false);
    shutdown.sessionEnded();
    expect(steps).toEqual(['stop desktop', 'backend.close']);
    expect(shutdown.beforeQuit()).toBe(false);
    expect(shutdown.holdWillQuit()).toBe(true);
    closing.resolve();
    await flush();
    expect(steps.at(-1)).toBe('quit');
    expect(shutdown.holdWillQuit()).toBe(false);
  });
});
