import { describe, expect, it } from 'vitest';
import { devServerLocation, fileLocation, isAppUrl } from '../../../electron/main/app-location.js';
import type { BrowserWindowConstructorOptions } from 'electron';
import { newQuickWindow } from '../../../electron/main/quick-window-options.js';
import { quickShortenUrl } from '../../../electron/main/quick-window-url.js';
import { windowOptions } from '../../../electron/main/window-options.js';

const file = fileLocation('/opt/Linkdeck/resources/app.asar/out/renderer/index.html');
const dev = devServerLocation('http://localhost:5173/');

describe('quick-shorten window URL', () => {
  it('opens the /quick route of our own page', () => {
    expect(quickShortenUrl(file)).toBe('file:///opt/Linkdeck/resources/app.asar/out/renderer/index.html#/quick');
    expect(quickShortenUrl(dev)).toBe('http://localhost:5173/#/quick');
  });

  it('carries a URL to pre-fill, encoded inside the route', () => {
    const url = quickShortenUrl(file, 'https://example.com/a b?x=1&y=2#frag');
    const route = new URL(new URL(url).hash.slice(1), 'http://x');
    expect(route.pathname).toBe('/quick');
    expect(route.searchParams.get('url')).toBe('https://example.com/a b?x=1&y=2#frag');
  });

  it('drops a URL Linkdeck would not shorten', () => {
    expect(quickShortenUrl(file, 'javascript:alert(1)')).toBe(quickShortenUrl(file));
    expect(quickShortenUrl(file, 'https://user:pw@example.com/')).toBe(quickShortenUrl(file));
  });

  it('makes each opening a new page load that is still our app (the guards accept it)', () => {
    const first = quickShortenUrl(file, 'https://example.com/', 1);
    const second = quickShortenUrl(file, 'https://example.com/', 2);
    expect(first).not.toBe(second);
    expect(new URL(first).search).toBe('?open=1');
    expect(isAppUrl(first, file)).toBe(true);
    expect(isAppUrl(quickShortenUrl(dev, null, 3), dev)).toBe(true);
  });
});

describe('quick-shorten window options', () => {
  /** Stands in for Electron's BrowserWindow: keeps the options the window is made with. */
  class RecordingWindow {
    constructor(readonly options: BrowserWindowConstructorOptions) {}
  }
  const quickWindowOptions = (preload: string) => newQuickWindow(RecordingWindow, preload).options;

  it('makes one window of the class it is given', () => {
    expect(newQuickWindow(RecordingWindow, '/p/preload.cjs')).toBeInstanceOf(RecordingWindow);
  });

  it('has exactly the main window\'s web preferences (sandbox, isolation, no Node)', () => {
    const options = quickWindowOptions('/p/preload.cjs');
    expect(options.webPreferences).toEqual(windowOptions('/p/preload.cjs').webPreferences);
    expect(options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(options.webPreferences?.preload).toBe('/p/preload.cjs');
  });

  it('is small, frameless, on top and out of the task bar', () => {
    const options = quickWindowOptions('/p/preload.cjs');
    expect(options).toMatchObject({ frame: false, alwaysOnTop: true, skipTaskbar: true, resizable: false, show: false });
    expect(options.width).toBeLessThan(700);
    expect(options.minWidth).toBeLessThanOrEqual(options.width!);
    expect(options.minHeight).toBeLessThanOrEqual(options.height!);
  });
});
