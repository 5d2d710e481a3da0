import type { BrowserWindowConstructorOptions } from 'electron';
import { QUICK_WINDOW_SIZE } from './quick-window-url.js';
import { desktopTranslator } from './desktop-language.js';

/** Electron's BrowserWindow class (or a test's stand-in that records the options it gets). */
export type WindowClass<W> = new (options: BrowserWindowConstructorOptions) => W;

/**
 * Makes the quick-shorten window: small, without the OS frame, above other windows and out of
 * the task bar. Its page gets the very same web preferences as the main window (sandboxed,
 * isolated, no Node): only the chrome differs.
 *
 * The options are written out inside the constructor call, not built by a helper, so that
 * `npm run audit:electron` (Electronegativity, which reads only an object literal in
 * `new BrowserWindow(...)`) checks the settings themselves. The class is passed in so this file
 * imports nothing of Electron and a unit test can read what the window is made with.
 */
export function newQuickWindow<W>(
  BrowserWindow: WindowClass<W>,
  preloadPath: string,
  /** In the app's language; the page's own title (App.vue, the route's) replaces it once loaded. */
  title: string = desktopTranslator('en')('desktop.quickWindowTitle'),
): W {
  return new BrowserWindow({
    width: QUICK_WINDOW_SIZE.width,
    height: QUICK_WINDOW_SIZE.height,
    minWidth: 360,
    minHeight: 240,
    title,
    frame: false,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    center: true,
    autoHideMenuBar: true,
    // Shown once its page has loaded (QuickWindow.open), never as an empty frame.
    show: false,
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    },
  });
}
