import { describe, expect, it } from 'vitest';
import { AppShutdown } from '../../../electron/main/app-shutdown.js';
import { closeAction } from '../../../electron/main/close-to-tray.js';
import { endWithOsShutdown, endWithWindowsSession, holdQuitForClose } from '../../../electron/main/session-end-events.js';
import { deferred } from '../clipboard/fakes.js';
import { FakeElectronApp, FakePowerMonitor, FakeWindow } from './fake-electron-lifecycle.js';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** index.ts's wiring over the fakes: before-quit, will-quit, the main window's close, the session events. */
function windowsApp(options: { closeToTray?: boolean } = {}) {
  const steps: string[] = [];
  const closing = deferred<void>();
  const timers: (() => void)[] = [];
  const win = new FakeWindow();
  const app = new FakeElectronApp([win]);
  const shutdown = new AppShutdown({
    flush: () => void steps.push('flush'),
    stopDesktop: () => void steps.push('stop desktop'),
    backend: () => ({
      close: () => {
        steps.push('backend.close');
        return closing.promise.then(() => void steps.push('backend closed'));
      },
    }),
    quit: () => app.quit(),
    log: () => {},
    setTimeout: (callback) => timers.push(callback),
    clearTimeout: () => {},
  });
  app.on('before-quit', (event: { preventDefault(): void }) => {
    if (shutdown.beforeQuit()) event.preventDefault();
  });
  holdQuitForClose(app, shutdown);
  win.on('close', (event: { preventDefault(): void }) => {
    const action = closeAction({ platform: 'win32', closeToTray: options.closeToTray ?? true, trayAlive: true, quitting: shutdown.quitting, otherWindows: 0 });
    if (action === 'hide') event.preventDefault();
  });
  endWithWindowsSession('win32', win, app, shutdown, () => {});
  return { app, win, shutdown, steps, closing, timers };
}

describe('Windows ending the session (Electron 45 ends the process unless a quit has begun)', () => {
  it('the fake ends the process when session-end returns without a quit begun (the behaviour the wiring must avoid)', () => {
    const win = new FakeWindow();
    const app = new FakeElectronApp([win]);
    app.on('before-quit', (event: { preventDefault(): void }) => event.preventDefault());
    win.on('session-end', () => app.quit());
    app.endSession();
    expect(app.terminated).toBe(true);
  });

  it('query-session-end then session-end: only a flush at the query; at the end the quit has begun when the handler returns, will-quit waits for the close, then Linkdeck exits', async () => {
    const { app, win, steps, closing } = windowsApp();
    app.queryEndSession();
    expect(steps).toEqual(['flush']);
    app.endSession();
    expect(steps).toEqual(['flush', 'stop desktop', 'backend.close']);
    expect(app.terminated).toBe(false);
    expect(app.isQuitting).toBe(true);
    // Close to tray is on, yet the window closes: the quit is real.
    app.closeWindows();
    expect(win.closed).toBe(true);
    expect(app.exited).toBe(false);
    closing.resolve();
    await flush();
    expect(steps).toEqual(['flush', 'stop desktop', 'backend.close', 'backend closed']);
    expect(app.exited).toBe(true);
  });

  it('a cancelled end (query-session-end, then WM_ENDSESSION with wParam FALSE: no event) leaves Linkdeck running: tray, hotkey and backend untouched', async () => {
    const { app, win, steps, shutdown, closing } = windowsApp();
    app.queryEndSession();
    app.cancelEndSession();
    await flush();
    expect(steps).toEqual(['flush']);
    expect(shutdown.quitting).toBe(false);
    expect(app.isQuitting).toBe(false);
    // Closing the window still hides it in the tray, as on any other day.
    const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
    win.emit('close', event);
    expect(event.defaultPrevented).toBe(true);
    // The next log-off, not cancelled, closes and quits as usual.
    app.queryEndSession();
    app.endSession();
    expect(app.terminated).toBe(false);
    expect(steps).toEqual(['flush', 'flush', 'stop desktop', 'backend.close']);
    app.closeWindows();
    closing.resolve();
    await flush();
    expect(app.exited).toBe(true);
  });

  it('session-end alone (no query first) starts the same close inside the handler', async () => {
    const { app, steps, closing } = windowsApp({ closeToTray: false });
    app.endSession();
    expect(app.terminated).toBe(false);
    expect(steps).toEqual(['stop desktop', 'backend.close']);
    closing.resolve();
    await flush();
    // The close ended before the windows did: the pending quit goes on and is not held.
    app.closeWindows();
    expect(app.exited).toBe(true);
  });

  it('past the budget the held quit goes on without the backend', async () => {
    const { app, timers, steps } = windowsApp();
    app.endSession();
    app.closeWindows();
    expect(app.exited).toBe(false);
    timers[0]!();
    await flush();
    expect(app.exited).toBe(true);
    expect(steps).not.toContain('backend closed');
  });

  it('a quit the person asks for still waits in before-quit with its windows open', async () => {
    const { app, win, steps, closing } = windowsApp();
    app.quit();
    expect(app.isQuitting).toBe(false);
    expect(win.closed).toBe(false);
    closing.resolve();
    await flush();
    app.closeWindows();
    expect(steps).toEqual(['stop desktop', 'backend.close', 'backend closed']);
    expect(app.exited).toBe(true);
  });

  it('is not wired on Linux or macOS', () => {
    const win = new FakeWindow();
    const app = new FakeElectronApp([win]);
    endWithWindowsSession('linux', win, app, new AppShutdown({ stopDesktop: () => {}, backend: () => null, quit: () => {}, log: () => {} }), () => {});
    expect(win.listenerCount('session-end')).toBe(0);
  });
});

describe('Linux shutdown through powerMonitor (logind delay lock)', () => {
  it('the fake monitor takes no lock when "shutdown" is its first listener (Electron 45\'s once(newListener) hook)', () => {
    const monitor = new FakePowerMonitor();
    monitor.on('shutdown', () => {});
    expect(monitor.listeningForShutdown).toBe(false);
    expect(monitor.prepareForShutdown().emitted).toBe(false);
  });

  it('registers another listener first, so the shutdown listener is counted, the lock is taken and the close runs', async () => {
    const monitor = new FakePowerMonitor();
    const steps: string[] = [];
    const closing = deferred<void>();
    let quits = 0;
    const shutdown = new AppShutdown({
      stopDesktop: () => void steps.push('stop desktop'),
      backend: () => ({ close: () => closing.promise }),
      quit: () => void quits++,
      log: () => {},
      setTimeout: () => 0,
      clearTimeout: () => {},
    });
    endWithOsShutdown('linux', monitor, shutdown, () => {});
    expect(monitor.listeningForShutdown).toBe(true);
    const outcome = monitor.prepareForShutdown();
    expect(outcome).toEqual({ emitted: true, delayed: true });
    expect(steps).toEqual(['stop desktop']);
    closing.resolve();
    await flush();
    expect(quits).toBe(1);
  });

  it('is not wired on Windows, which has its own session events', () => {
    const monitor = new FakePowerMonitor();
    endWithOsShutdown('win32', monitor, new AppShutdown({ stopDesktop: () => {}, backend: () => null, quit: () => {}, log: () => {} }), () => {});
    expect(monitor.created).toBe(false);
  });
});
