import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { startUrl, type AppLocation } from './app-location.js';
import { secureContents } from './security.js';
import { viewUrl } from './view-url.js';
import type { Rect, WindowState } from './window-bounds.js';
import { windowOptions } from './window-options.js';

/** Where the window opens, and where to remember it when it closes. */
export interface WindowPlacement {
  bounds: Rect | { width: number; height: number };
  maximized: boolean;
  remember: (state: WindowState) => void;
}

/** Creates the main window on our app, secured before anything is loaded into it. */
export function createMainWindow(
  location: AppLocation,
  log: (message: string) => void,
  placement?: WindowPlacement,
): BrowserWindow {
  // main is ESM at out/main/index.js; the preload is CommonJS beside it (a sandboxed preload
  // cannot be an ES module).
  const win = new BrowserWindow(
    windowOptions(join(import.meta.dirname, '../preload/index.cjs'), placement?.bounds),
  );
  secureContents(win.webContents, location, log);
  win.once('ready-to-show', () => {
    if (placement?.maximized) win.maximize();
    win.show();
  });
  if (placement) win.on('close', () => rememberPlace(win, placement, log));
  win.webContents.on('render-process-gone', (_event, details) =>
    log(`[window] renderer gone: ${details.reason}`),
  );
  void win
    .loadURL(startUrl(location))
    .catch((error: unknown) => log(`[window] could not load the app: ${String(error)}`));
  return win;
}

/**
 * Writes the window's size and place down (its 'close', and Windows' query-session-end: the
 * session may end before the window closes).
 */
export function rememberPlace(win: BrowserWindow, placement: WindowPlacement, log: (message: string) => void): void {
  if (win.isDestroyed()) return;
  try {
    placement.remember({ bounds: win.getNormalBounds(), maximized: win.isMaximized() });
  } catch (error) {
    log(`[window] could not remember the window's place: ${String(error)}`);
  }
}

/**
 * Moves the main window to a view (a notification's click), once its page has loaded. The URL
 * differs from the page's only in its fragment, so the renderer's router moves in place.
 */
export function showView(win: BrowserWindow, location: AppLocation, view: string | null, log: (message: string) => void): void {
  const url = viewUrl(location, view);
  if (!url) return;
  const go = (): void => {
    if (win.isDestroyed()) return;
    void win.webContents.loadURL(url).catch((error: unknown) => log(`[window] could not open ${view}: ${String(error)}`));
  };
  if (win.webContents.isLoading()) win.webContents.once('did-finish-load', go);
  else go();
}

/** Brings a window to the front (second launch, tray, hotkey). */
export function focusWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
