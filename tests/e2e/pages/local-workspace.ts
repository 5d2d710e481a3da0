import type { Locator, Page } from '@playwright/test';

/** The local workspace's reach: the notices next to its short links and the Public address card. */
export class LocalWorkspace {
  readonly welcomeWords: Locator;
  readonly card: Locator;
  readonly addressInput: Locator;
  readonly save: Locator;
  readonly remove: Locator;
  readonly problem: Locator;
  readonly savedState: Locator;

  constructor(readonly page: Page) {
    this.welcomeWords = page.getByTestId('welcome-local-only');
    this.card = page.getByTestId('public-address-card');
    this.addressInput = this.card.getByTestId('public-address-input');
    this.save = this.card.getByTestId('public-address-save');
    this.remove = this.card.getByTestId('public-address-remove');
    this.problem = this.card.getByTestId('public-address-problem');
    this.savedState = this.card.getByTestId('public-address-state');
  }

  /** The "opens only on this computer" notice at one place (links, link-detail, new-link, …). */
  notice(place: string): Locator {
    return this.page.locator(`[data-testid="local-only-notice"][data-place="${place}"]`);
  }

  /** The list row's mark beside a short link that may not open for others. */
  rowMark(rowText: string): Locator {
    return this.page.getByTestId('link-row').filter({ hasText: rowText }).getByTestId('link-row-reach');
  }

  /** The "behind my own proxy" setting of the card. */
  get trustProxy(): Locator {
    return this.card.getByTestId('public-address-trust-proxy');
  }

  /** Any field error of the card (shown under the field). */
  fieldError(): Locator {
    return this.card.locator('.n-form-item-feedback__line');
  }
}
