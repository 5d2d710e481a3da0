import type { Locator, Page } from '@playwright/test';

/** The quick-shorten window's page (route #/quick), as the hotkey, the tray or linkdeck://new open it. */
export class QuickShortenPage {
  readonly root: Locator;
  readonly url: Locator;
  readonly alias: Locator;
  readonly urlError: Locator;
  readonly aliasError: Locator;
  readonly shortUrl: Locator;
  readonly copied: Locator;
  readonly queued: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('quick-shorten');
    this.url = page.getByTestId('quick-url');
    this.alias = page.getByTestId('quick-alias');
    this.urlError = page.getByTestId('quick-url-error');
    this.aliasError = page.getByTestId('quick-alias-error');
    this.shortUrl = page.getByTestId('quick-short-url');
    this.copied = page.getByTestId('quick-copied');
    this.queued = page.getByTestId('quick-queued');
    this.error = page.getByTestId('quick-error');
  }

  /** Opens the route in the app's page (same document: the web shell's token stays). */
  async open(origin: string, url?: string): Promise<void> {
    await this.page.goto(`${origin}/#/quick${url ? `?url=${encodeURIComponent(url)}` : ''}`);
  }
}
