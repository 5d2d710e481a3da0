/**
 * What closing the main window does:
 *
 * - 'hide': close to tray is on and there is a tray to come back from; the window only hides and
 *   the app keeps running for the hotkey, the clipboard watch and the tray.
 * - 'quit': the app quits (its close sequence runs: outbox flushed, local service stopped).
 * - 'keep': the window closes and the app keeps running: on macOS, where an app stays in the dock
 *   until the person quits it, or while another window of ours is open.
 *
 * With close to tray off, a tray icon alone does not keep the app alive on Windows and Linux: the
 * person asked to close it. A real quit (tray "Quit", the app menu, the OS ending the session)
 * always quits, whatever the setting.
 */
export type CloseAction = 'hide' | 'quit' | 'keep';

export interface CloseFacts {
  platform: NodeJS.Platform;
  closeToTray: boolean;
  trayAlive: boolean;
  quitting: boolean;
  /** Our other windows left open. The quick-shorten popup does not count: it belongs to the main window. */
  otherWindows: number;
}

export function closeAction(facts: CloseFacts): CloseAction {
  if (facts.quitting) return 'quit';
  if (facts.closeToTray && facts.trayAlive) return 'hide';
  if (facts.otherWindows > 0 || facts.platform === 'darwin') return 'keep';
  return 'quit';
}
