import type { Locator, Page } from '@playwright/test';

/** The Analytics view. */
export class AnalyticsPage {
  readonly root: Locator;
  readonly totals: Locator;
  readonly totalChart: Locator;
  readonly gainedChart: Locator;
  readonly map: Locator;
  readonly coverage: Locator;
  readonly fillButton: Locator;
  readonly compareChart: Locator;
  readonly topLinks: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('analytics-view');
    this.totals = page.getByTestId('analytics-totals');
    this.totalChart = page.getByTestId('analytics-total-chart');
    this.gainedChart = page.getByTestId('analytics-gained-chart');
    this.map = page.getByTestId('world-map-canvas');
    this.coverage = page.getByTestId('analytics-coverage');
    this.fillButton = page.getByTestId('analytics-fill');
    this.compareChart = page.getByTestId('analytics-compare-chart');
    this.topLinks = page.getByTestId('analytics-top');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-analytics').click();
  }

  /** A top link's row, by its alias. */
  topRow(alias: string): Locator {
    return this.topLinks.getByTestId('analytics-link-row').filter({ hasText: alias });
  }

  /** The aria-label summary of a chart's canvas. */
  summary(chart: Locator): Locator {
    return chart.locator('canvas[role="img"]');
  }
}
