import type { BrowserWindowConstructorOptions } from 'electron';
import { QUICK_WINDOW_SIZE } from './quick-window-url.js';
import { windowOptions } from './window-options.js';

/**
 * The quick-shorten window: small, without the OS frame, above other windows and out of the
 * task bar. Its page gets the very same web preferences as the main window (sandboxed, isolated,
 * no Node): only the chrome differs.
 */
export function quickWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  const base = windowOptions(preloadPath, QUICK_WINDOW_SIZE);
  return {
    ...base,
    minWidth: 360,
    minHeight: 240,
    title: 'Quick shorten — Linkdeck',
    frame: false,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    center: true,
    show: false,
  };
}
