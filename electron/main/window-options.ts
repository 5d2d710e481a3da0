import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The main window's options. The renderer is treated as untrusted web content: it runs
 * sandboxed, isolated from the preload, without Node, and can reach the app only through the
 * contract the preload exposes.
 */
export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 780,
    minWidth: 800,
    minHeight: 540,
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
