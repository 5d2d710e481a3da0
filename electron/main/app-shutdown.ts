/**
 * How Linkdeck ends, whoever asks: the person (tray "Quit", the app menu, the last window closed)
 * or the OS ending the session (Windows: session-end on a window, query-session-end only flushes;
 * Linux and macOS: powerMonitor's shutdown). Every way runs the same sequence, once:
 *
 *   1. stop the desktop parts (global hotkey, tray, quick-shorten window, open notifications);
 *   2. close the backend: flush the outbox, stop the local service, close the databases;
 *   3. quit.
 *
 * A quit the person asked for waits for the close, as it always has. When the OS ends the session
 * the close gets a budget: the OS will not wait long (Windows may end the process once its windows
 * have answered session-end; logind's delay lock lasts seconds), so past the budget the app quits
 * anyway and says so in the log. Each change was already committed to the outbox's database when
 * it was made, so the budget bounds only the tidy-up, not what the person typed.
 *
 * Pure: the Electron events are wired in session-end-events.ts and index.ts.
 */
export type ShutdownCause = 'quit' | 'session-end' | 'os-shutdown';

export interface AppShutdownDeps {
  /**
   * Writes down what the main process holds only in memory (the window's place), without
   * stopping anything: Windows' query-session-end, an end that may still be cancelled.
   * A failure is logged. Optional: nothing to write is a valid answer.
   */
  flush?(): void;
  /** Stops the desktop parts (synchronous; a failure is logged, the sequence goes on). */
  stopDesktop(): void;
  /** The backend to close, or null when none was started (its start failed, or not yet ready). */
  backend(): { close(): Promise<void> } | null;
  /** app.quit(): asked again once the close is over (before-quit then lets it through). */
  quit(): void;
  log(message: string): void;
  /** How long an ending session waits for the close. Default 4 s. */
  sessionEndBudgetMs?: number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export const SESSION_END_BUDGET_MS = 4_000;

export class AppShutdown {
  private running: Promise<void> | null = null;
  private over = false;
  private asked = false;
  private causeOf: ShutdownCause | null = null;
  /** Windows' session-end: Electron's quit is let through at once and held at will-quit instead. */
  private quitLetThrough = false;

  constructor(private readonly deps: AppShutdownDeps) {}

  /** A quit has started (the person's or the OS's): closing the window must not hide it in the tray. */
  get quitting(): boolean {
    return this.asked;
  }

  /** Whether the sequence has run to its end (the next before-quit goes through). */
  get done(): boolean {
    return this.over;
  }

  /** What started the sequence, once started. */
  get cause(): ShutdownCause | null {
    return this.causeOf;
  }

  /**
   * app 'before-quit'. True: the quit must wait (event.preventDefault()); quit() is called again
   * when the close is over. A second quit while the close runs waits for the same close.
   */
  beforeQuit(): boolean {
    this.asked = true;
    if (this.over || this.quitLetThrough) return false;
    if (!this.running && !this.deps.backend()) {
      // Nothing to close (the backend never started): quit at once, as before.
      this.stopDesktop();
      this.over = true;
      return false;
    }
    if (!this.running) void this.run('quit').then(() => this.deps.quit());
    return true;
  }

  /**
   * The OS is ending the session (shutdown, restart, log off, an installer's Restart Manager).
   * Starts the sequence at once (idempotent) and quits when it is over or its budget has passed.
   * The session is never held up on purpose: this returns at once.
   */
  sessionEnding(cause: Exclude<ShutdownCause, 'quit'>): void {
    this.asked = true;
    if (this.running || this.over) return;
    void this.run(cause).then(() => this.deps.quit());
  }

  /**
   * Windows' query-session-end (WM_QUERYENDSESSION): the session is *about* to end, and another
   * application or the person may still cancel it. A cancelled end sends no further event:
   * Electron 45's native_window_views_win.cc returns at once from a WM_ENDSESSION whose wParam is
   * FALSE (`if (!w_param || session_ended) return false;`), so nothing would ever undo a close
   * begun here, and the tray and hotkey would be gone for the rest of the session. So this only
   * writes down what the main process holds in memory (deps.flush) and stops nothing; the close
   * starts at session-end (sessionEnded). The backend needs no flush here: every change was
   * committed to SQLite (synchronous=FULL) when it was made. May come more than once (each
   * cancelled end, then the next try).
   */
  sessionMayEnd(): void {
    if (this.running || this.over) return;
    try {
      this.deps.flush?.();
    } catch (error) {
      this.deps.log(`[app] could not write down the app's state before the session end: ${String(error)}`);
    }
  }

  /**
   * Windows' session-end (WM_ENDSESSION): the session ends whatever Linkdeck does. Electron 45
   * ends the process the moment the session-end handlers return unless a quit has begun
   * (electron/electron#52604: native_window_views_win.cc calls TerminateCurrentProcessImmediately
   * when `!Browser::Get()->is_quitting()`), and a before-quit that calls preventDefault() leaves
   * is_quitting false (browser.cc, Browser::Quit). So: the sequence starts (its synchronous part,
   * the desktop parts, runs now), and the caller must call app.quit() before returning; this
   * makes beforeQuit() let that quit through, and will-quit waits for the close instead
   * (holdWillQuit). What runs after WM_ENDSESSION returns is best effort: Windows may end the
   * process at any moment after every application has returned from it (Microsoft's WM_ENDSESSION
   * documentation); every change was already committed to SQLite when it was made.
   */
  sessionEnded(): void {
    this.sessionEnding('session-end');
    this.quitLetThrough = !this.over;
  }

  /**
   * app 'will-quit'. True: call event.preventDefault(): the quit begun at session-end waits there,
   * with its windows already closed, for the close (within its budget); quit() is called again
   * when the close is over, and that will-quit goes through.
   */
  holdWillQuit(): boolean {
    return this.quitLetThrough && !this.over;
  }

  /**
   * powerMonitor 'shutdown' (Linux, macOS): whether to call event.preventDefault(), which asks
   * Electron to delay the shutdown until the app quits (Electron's documentation: the app should
   * then quit as soon as possible, which sessionEnding does). False once there is nothing left to do.
   */
  delayOsShutdown(): boolean {
    return !this.over;
  }

  private stopDesktop(): void {
    try {
      this.deps.stopDesktop();
    } catch (error) {
      this.deps.log(`[app] the desktop parts did not stop cleanly: ${String(error)}`);
    }
  }

  private run(cause: ShutdownCause): Promise<void> {
    this.causeOf = cause;
    this.running = (async () => {
      this.stopDesktop();
      const backend = this.deps.backend();
      if (!backend) return;
      const closing = backend
        .close()
        .catch((error: unknown) => this.deps.log(`[app] backend did not close cleanly: ${String(error)}`));
      if (cause === 'quit') await closing;
      else await this.withinBudget(closing, cause);
    })().finally(() => {
      this.over = true;
    });
    return this.running;
  }

  private async withinBudget(closing: Promise<void>, cause: ShutdownCause): Promise<void> {
    const budget = this.deps.sessionEndBudgetMs ?? SESSION_END_BUDGET_MS;
    const set = this.deps.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
    const clear = this.deps.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    let timer: unknown = null;
    const late = new Promise<'late'>((resolve) => {
      timer = set(() => resolve('late'), budget);
    });
    const outcome = await Promise.race([closing.then(() => 'closed' as const), late]);
    clear(timer);
    if (outcome === 'late')
      this.deps.log(`[app] the session is ending (${cause}) and the backend had not closed within ${budget} ms: quitting anyway`);
  }
}
