/**
 * What closing the main window does. With close to tray on (and a tray to come back from),
 * it only hides: the app keeps running for the hotkey, the clipboard watch and the tray. A real
 * quit (tray "Quit", the app menu, the OS logging out) always closes.
 */
export interface CloseFacts {
  closeToTray: boolean;
  trayAlive: boolean;
  quitting: boolean;
}

export function closeAction(facts: CloseFacts): 'hide' | 'close' {
  return facts.closeToTray && facts.trayAlive && !facts.quitting ? 'hide' : 'close';
}

/**
 * Whether the app quits once its last window is gone: not while the tray lives (the person
 * comes back through it), and never on macOS, where apps stay in the dock.
 */
export function quitWhenAllClosed(platform: NodeJS.Platform, trayAlive: boolean): boolean {
  return platform !== 'darwin' && !trayAlive;
}
