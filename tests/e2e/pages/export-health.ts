import type { Download, Locator, Page } from '@playwright/test';

/** The links toolbar's Export menu and "Check links" control, and the detail's health section. */
export class ExportHealthControls {
  readonly exportButton: Locator;
  readonly checkButton: Locator;
  readonly progress: Locator;
  readonly cancel: Locator;
  readonly healthFilter: Locator;
  readonly detailHealth: Locator;
  readonly detailHealthSummary: Locator;
  readonly detailHops: Locator;
  readonly statsCsv: Locator;

  constructor(readonly page: Page) {
    this.exportButton = page.getByTestId('links-export');
    this.checkButton = page.getByTestId('health-check-button');
    this.progress = page.getByTestId('health-progress');
    this.cancel = page.getByTestId('health-cancel');
    this.healthFilter = page.getByTestId('links-filter-health');
    this.detailHealth = page.getByTestId('link-detail').getByTestId('link-health');
    this.detailHealthSummary = this.detailHealth.getByTestId('link-health-summary');
    this.detailHops = this.detailHealth.getByTestId('link-health-hop');
    this.statsCsv = page.getByTestId('link-detail-stats-csv');
  }

  /** A menu choice of a Naive UI dropdown (teleported to the end of <body>). */
  private option(text: string | RegExp): Locator {
    return this.page.locator('.n-dropdown-option').filter({ hasText: text });
  }

  async exportLinks(choice: string | RegExp): Promise<Download> {
    await this.exportButton.click();
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.option(choice).click()]);
    return download;
  }

  async checkLinks(choice: string | RegExp = 'Check all links'): Promise<void> {
    await this.checkButton.click();
    await this.option(choice).click();
  }

  async filterHealth(choice: string | RegExp): Promise<void> {
    await this.healthFilter.click();
    await this.page.locator('.n-base-select-option').filter({ hasText: choice }).click();
  }
}
