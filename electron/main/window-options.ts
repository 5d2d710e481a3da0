import type { BrowserWindowConstructorOptions } from 'electron';
import type { Rect } from './window-bounds.js';

/** The window's first size and the smallest it may get. */
export const WINDOW_SIZE = { width: 1200, height: 780, minWidth: 800, minHeight: 540 } as const;

/**
 * The main window's options, at the given bounds (see window-bounds.ts). The renderer is
 * treated as untrusted web content: it runs sandboxed, isolated from the preload, without Node,
 * and can reach the app only through the contract the preload exposes.
 */
export function windowOptions(
  preloadPath: string,
  bounds: Rect | { width: number; height: number } = WINDOW_SIZE,
): BrowserWindowConstructorOptions {
  return {
    ...('x' in bounds ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: WINDOW_SIZE.minWidth,
    minHeight: WINDOW_SIZE.minHeight,
    title: 'Linkdeck',
    // Shown on 'ready-to-show' so the user never sees an empty white frame.
    show: false,
    autoHideMenuBar: true,
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
  };
}
