import { EventEmitter } from 'node:events';

/**
 * Stand-ins for the parts of Electron 45 whose order matters when the OS ends the session. They
 * copy the behaviour of Electron's own source (read at electron/electron main, Aug 2026, the 45
 * nightlies; the Electron binary cannot run here), not its documentation:
 *
 * - FakePowerMonitor: lib/browser/api/power-monitor.ts, the constructor's once('newListener')
 *   hook and its Linux listener accounting (pm.setListeningForShutdown).
 * - FakeElectronApp: shell/browser/browser.cc (Browser::Quit, HandleBeforeQuit,
 *   NotifyAndShutdown, OnWindowCloseCancelled) and shell/browser/native_window_views_win.cc's
 *   WM_ENDSESSION case after #52604 (notify every window, then TerminateCurrentProcessImmediately
 *   unless is_quitting(); nothing at all when wParam is FALSE, a cancelled end) and its
 *   WM_QUERYENDSESSION case (notify, answer !prevent_default). Re-read at 96f3996d (Aug 22 2026).
 */

/** Electron's PowerMonitor on Linux, with the native monitor reduced to what it is told. */
export class FakePowerMonitor extends EventEmitter {
  /** What the native monitor was last told: whether to take logind's shutdown delay lock. */
  listeningForShutdown: boolean | null = null;
  created = false;

  constructor() {
    super();
    this.once('newListener', () => {
      this.created = true;
      this.listeningForShutdown = this.listenerCount('shutdown') > 0;
      this.on('newListener', (event) => {
        if (event === 'shutdown') this.listeningForShutdown = this.listenerCount('shutdown') + 1 > 0;
      });
      this.on('removeListener', (event) => {
        if (event === 'shutdown') this.listeningForShutdown = this.listenerCount('shutdown') > 0;
      });
    });
  }

  /** logind's PrepareForShutdown(true): 'shutdown' is emitted only where a handler was set. */
  prepareForShutdown(): { emitted: boolean; delayed: boolean } {
    if (!this.listeningForShutdown) return { emitted: false, delayed: false };
    let prevented = false;
    this.emit('shutdown', { preventDefault: () => (prevented = true) });
    return { emitted: true, delayed: prevented };
  }
}

interface Preventable {
  preventDefault(): void;
  defaultPrevented: boolean;
}

function preventable(): Preventable {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/** One BrowserWindow: its session events and its 'close' (which may be prevented). */
export class FakeWindow extends EventEmitter {
  closed = false;
}

/** Electron's app and Browser, as far as quitting and Windows' session end go. */
export class FakeElectronApp extends EventEmitter {
  isQuitting = false;
  /** TerminateCurrentProcessImmediately: the process was ended on the spot. */
  terminated = false;
  /** Shutdown(): the process exits normally. */
  exited = false;
  /** Closing windows is asynchronous in Chromium: it finishes when the test says. */
  private pendingCloses: FakeWindow[] = [];
  private sessionEnded = false;

  constructor(readonly windows: FakeWindow[]) {
    super();
  }

  quit(): void {
    if (this.isQuitting || this.exited) return;
    const event = preventable();
    this.emit('before-quit', event);
    this.isQuitting = !event.defaultPrevented;
    if (!this.isQuitting) return;
    const open = this.windows.filter((w) => !w.closed);
    if (open.length === 0) this.notifyAndShutdown();
    else this.pendingCloses.push(...open);
  }

  /** The windows the quit asked to close handle their 'close' (each may prevent it). */
  closeWindows(): void {
    for (const win of this.pendingCloses.splice(0)) {
      const event = preventable();
      win.emit('close', event);
      if (event.defaultPrevented) {
        this.isQuitting = false; // OnWindowCloseCancelled
        continue;
      }
      win.closed = true;
      win.emit('closed');
    }
    if (this.isQuitting && this.windows.every((w) => w.closed)) this.notifyAndShutdown();
  }

  /** WM_ENDSESSION with wParam TRUE. */
  endSession(reasons: string[] = ['logoff']): void {
    if (this.sessionEnded) return;
    this.sessionEnded = true;
    for (const win of this.windows) if (!win.closed) win.emit('session-end', { reasons, preventDefault: () => {} });
    if (!this.isQuitting) this.terminated = true;
  }

  /**
   * WM_ENDSESSION with wParam FALSE: the end was cancelled (another application or the person
   * said no to WM_QUERYENDSESSION). native_window_views_win.cc returns at once
   * (`if (!w_param || session_ended) return false;`): no window hears of it, nothing is emitted.
   * A later end of the session may still come.
   */
  cancelEndSession(): void {
    if (this.sessionEnded) return;
  }

  /**
   * WM_QUERYENDSESSION: every window is told (NotifyWindowQueryEndSession); its handlers may call
   * preventDefault(), which answers FALSE (asks Windows not to end the session).
   */
  queryEndSession(reasons: string[] = ['logoff']): void {
    for (const win of this.windows) if (!win.closed) win.emit('query-session-end', { reasons, preventDefault: () => {} });
  }

  private notifyAndShutdown(): void {
    const event = preventable();
    this.emit('will-quit', event);
    if (event.defaultPrevented) {
      this.isQuitting = false;
      return;
    }
    this.exited = true;
  }
}
