import { expect, type Locator, type Page } from '@playwright/test';

/** The Links view: search, the table, the new-link form and the detail drawer. */
export class LinksPage {
  readonly table: Locator;
  readonly rows: Locator;
  /** " · N links": how many links match, whatever the list renders. */
  readonly total: Locator;
  readonly search: Locator;
  readonly freshness: Locator;
  readonly newLinkButton: Locator;
  readonly newLinkUrl: Locator;
  readonly newLinkSubmit: Locator;
  readonly newLinkOutcome: Locator;
  readonly detail: Locator;
  /** The drawer around the detail: gone once it has finished closing. */
  readonly detailDrawer: Locator;
  readonly detailOrigin: Locator;
  readonly chart: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('resource-links');
    this.rows = this.table.getByTestId('resource-row');
    this.total = page.getByTestId('links-total');
    this.search = page.getByTestId('links-search');
    this.freshness = page.getByTestId('freshness');
    this.newLinkButton = page.getByTestId('new-link');
    this.newLinkUrl = page.getByTestId('new-link-url');
    this.newLinkSubmit = page.getByTestId('new-link-submit');
    this.newLinkOutcome = page.getByTestId('new-link-outcome');
    this.detail = page.getByTestId('link-detail');
    this.detailDrawer = page.getByTestId('link-detail-drawer');
    this.detailOrigin = page.getByTestId('link-detail-origin');
    this.chart = this.detail.getByTestId('clicks-chart');
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  async open(text: string): Promise<void> {
    await this.row(text).first().click();
  }

  /**
   * Closes the detail with Esc; done once the drawer is gone. It gives the focus back to the list
   * as it goes, at the end of its animation: a key pressed before (fill('') presses Delete) could
   * land in the list, which would offer to delete a link.
   */
  async closeDetail(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.detailDrawer).toHaveCount(0);
  }

  async create(url: string): Promise<void> {
    await this.newLinkButton.click();
    await this.newLinkUrl.fill(url);
    await this.newLinkSubmit.click();
  }
}
