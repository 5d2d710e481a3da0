import type { AppShutdown } from './app-shutdown.js';

/**
 * The OS ending the session, wired to the close sequence (app-shutdown.ts). Electron's objects
 * come in as small interfaces, so the order of the wiring is unit-tested with fakes
 * (tests/unit/desktop/session-end-events.test.ts); index.ts passes the real ones.
 */

interface SessionEndEvent {
  reasons: string[];
}

/** A BrowserWindow, as far as Windows' session events go. */
export interface SessionWindow {
  on(event: 'query-session-end' | 'session-end', listener: (event: SessionEndEvent) => void): unknown;
}

/** Electron's app, as far as the quit goes. */
export interface QuittingApp {
  quit(): void;
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown;
}

/** Electron's powerMonitor: an EventEmitter whose Linux logind hook watches listeners being added. */
export interface PowerMonitorLike {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

/**
 * Windows tells each top-level window that the session ends (shutdown, restart, log off, an
 * installer's Restart Manager): query-session-end, then session-end. query-session-end only means
 * "about to end": another application or the person may cancel it, and a cancelled end produces
 * no further event (Electron 45's native_window_views_win.cc: WM_ENDSESSION with wParam FALSE
 * returns before any window is told). So query-session-end only writes down what is held in
 * memory (AppShutdown.sessionMayEnd) and stops nothing: after a cancelled log-off the tray, the
 * hotkey and the backend are still there. It is never held up on purpose either (no
 * preventDefault: that shows "Linkdeck is preventing shutdown"). The close starts at session-end,
 * and the quit must have begun before that handler returns, or Electron 45 ends the process on
 * the spot (AppShutdown.sessionEnded says why); Electron then closes the windows, and will-quit
 * waits for the rest of the close.
 */
export function endWithWindowsSession(
  platform: NodeJS.Platform,
  win: SessionWindow,
  app: Pick<QuittingApp, 'quit'>,
  shutdown: AppShutdown,
  log: (message: string) => void,
): void {
  if (platform !== 'win32') return;
  win.on('query-session-end', (event) => {
    log(`[app] the session may end (${event.reasons.join(', ') || 'no reason given'}): saving the app's state, closing nothing until it does`);
    shutdown.sessionMayEnd();
  });
  win.on('session-end', (event) => {
    log(`[app] the session ends (${event.reasons.join(', ') || 'no reason given'}): quitting`);
    shutdown.sessionEnded();
    // Synchronously, inside WM_ENDSESSION: Electron checks is_quitting() right after this returns.
    app.quit();
  });
}

/** The quit begun at session-end waits at will-quit for the close (AppShutdown.holdWillQuit). */
export function holdQuitForClose(app: Pick<QuittingApp, 'on'>, shutdown: AppShutdown): void {
  app.on('will-quit', (event) => {
    if (shutdown.holdWillQuit()) event.preventDefault();
  });
}

/**
 * Linux (logind's PrepareForShutdown) and macOS (the system powering off): powerMonitor's
 * shutdown. Its handler may call preventDefault() to have Electron delay the shutdown while the
 * app closes, and must then quit as soon as it can. Only after the app is ready.
 *
 * The order matters on Linux. Electron 45's lib/browser/api/power-monitor.ts creates the native
 * monitor in a once('newListener') hook, which runs before the listener being added is counted,
 * and there tells it whether anyone listens for 'shutdown' (`listenerCount('shutdown') > 0`);
 * only listeners added after that hook are watched. With 'shutdown' as the first listener the
 * answer is "no one": no logind delay lock is taken and PrepareForShutdown never becomes a
 * 'shutdown' event. So another powerMonitor listener goes first ('resume', which has a use of its
 * own), and 'shutdown' is then counted as it is added.
 */
export function endWithOsShutdown(
  platform: NodeJS.Platform,
  monitor: PowerMonitorLike,
  shutdown: AppShutdown,
  log: (message: string) => void,
): void {
  if (platform === 'win32') return;
  monitor.on('resume', () => log('[app] the computer woke from sleep'));
  // Electron's typings declare no argument, its documentation an event with preventDefault().
  monitor.on('shutdown', (...args: unknown[]) => {
    const event = args[0] as { preventDefault?: () => void } | undefined;
    if (shutdown.delayOsShutdown()) event?.preventDefault?.();
    log('[app] the system is shutting down: closing');
    shutdown.sessionEnding('os-shutdown');
  });
}
