import { describe, expect, it } from 'vitest';
import { windowOptions } from '../../../electron/main/window-options.js';

describe('the main window options', () => {
  const options = windowOptions('/app/out/preload/index.cjs');
  const prefs = options.webPreferences ?? {};

  it('sandboxes and isolates the renderer, without Node', () => {
    expect(prefs.sandbox).toBe(true);
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and allows no webview or insecure content', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
  });

  it('loads the given CommonJS preload', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });
});
