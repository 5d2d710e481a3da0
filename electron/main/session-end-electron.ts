import { powerMonitor, type BrowserWindow } from 'electron';
import type { AppShutdown } from './app-shutdown.js';

/**
 * Windows tells each top-level window that the session ends (shutdown, restart, log off, an
 * installer's Restart Manager): query-session-end, then session-end, after which the process may
 * be ended at any moment. The close starts at the first of them and is never held up on purpose
 * (no preventDefault: that would show "Linkdeck is preventing shutdown").
 */
export function endWithWindowsSession(win: BrowserWindow, shutdown: AppShutdown, log: (message: string) => void): void {
  if (process.platform !== 'win32') return;
  win.on('query-session-end', (event) => {
    log(`[app] the session is ending (${event.reasons.join(', ') || 'no reason given'}): closing`);
    shutdown.sessionEnding('query-session-end');
  });
  win.on('session-end', () => shutdown.sessionEnding('session-end'));
}

/**
 * Linux (logind's PrepareForShutdown) and macOS (the system powering off): powerMonitor's
 * shutdown. Its handler may call preventDefault() to have Electron delay the shutdown while the
 * app closes, and must then quit as soon as it can. Only after the app is ready.
 */
export function endWithOsShutdown(shutdown: AppShutdown, log: (message: string) => void): void {
  if (process.platform === 'win32') return;
  // Electron's typings declare no argument, its documentation an event with preventDefault().
  powerMonitor.on('shutdown', (...args: unknown[]) => {
    const event = args[0] as { preventDefault?: () => void } | undefined;
    if (shutdown.delayOsShutdown()) event?.preventDefault?.();
    log('[app] the system is shutting down: closing');
    shutdown.sessionEnding('os-shutdown');
  });
}
