import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { AppLocation } from './app-location.js';
import { quickShortenUrl } from './quick-window-url.js';
import { newQuickWindow } from './quick-window-options.js';
import { secureContents } from './security.js';

/**
 * The quick-shorten window, made on first use and then kept hidden between uses (showing a
 * hidden window is instant; a new one takes a renderer start). Each opening loads the route
 * afresh, pre-filled with the request's URL. It hides when it loses focus or on Esc.
 */
export class QuickWindow {
  private win: BrowserWindow | null = null;
  private detach: (() => void) | null = null;
  private destroying = false;
  private opened = 0;

  constructor(
    private readonly location: AppLocation,
    private readonly attach: (win: BrowserWindow) => () => void,
    private readonly log: (message: string) => void,
    /** The window's title in the app's language (the desktop area's quickWindowTitle). */
    private readonly title?: () => string,
  ) {}

  open(url?: string | null): void {
    const win = this.win && !this.win.isDestroyed() ? this.win : this.create();
    // A new document each time (the nonce makes it one), so no state of the last use lingers.
    void win
      .loadURL(quickShortenUrl(this.location, url, ++this.opened))
      .then(() => {
        if (win.isDestroyed()) return;
        win.show();
        win.focus();
      })
      .catch((error: unknown) => this.log(`[quick] could not load: ${String(error)}`));
  }

  /** The URL the window shows (for the smoke test's hook). */
  currentUrl(): string | null {
    return this.win && !this.win.isDestroyed() ? this.win.webContents.getURL() : null;
  }

  hide(): void {
    if (this.win && !this.win.isDestroyed() && this.win.isVisible()) this.win.hide();
  }

  /** Really closes it (the main window closed for good, or the app quits). */
  destroy(): void {
    this.destroying = true;
    if (this.win && !this.win.isDestroyed()) this.win.destroy();
    this.win = null;
    this.destroying = false;
  }

  private create(): BrowserWindow {
    const preload = join(import.meta.dirname, '../preload/index.cjs');
    const win = this.title ? newQuickWindow(BrowserWindow, preload, this.title()) : newQuickWindow(BrowserWindow, preload);
    secureContents(win.webContents, this.location, this.log);
    this.detach = this.attach(win);
    win.on('blur', () => this.hide());
    // The page's Esc calls window.close(); the key is also caught here, before any page handler.
    win.webContents.on('before-input-event', (event, input) => {
      if (input.type === 'keyDown' && input.key === 'Escape') {
        event.preventDefault();
        this.hide();
      }
    });
    win.on('close', (event) => {
      if (this.destroying) return;
      event.preventDefault();
      this.hide();
    });
    win.on('closed', () => {
      this.detach?.();
      this.detach = null;
      if (this.win === win) this.win = null;
    });
    this.win = win;
    return win;
  }
}
