import type { Locator, Page } from '@playwright/test';

/** The Bulk shorten view: the import steps and the jobs list. */
export class BulkPage {
  readonly root: Locator;
  readonly paste: Locator;
  readonly pasteNext: Locator;
  readonly file: Locator;
  readonly mapNext: Locator;
  readonly preview: Locator;
  readonly validCount: Locator;
  readonly invalidCount: Locator;
  readonly badRows: Locator;
  readonly jobName: Locator;
  readonly reuse: Locator;
  readonly start: Locator;
  readonly jobs: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('bulk-view');
    this.paste = page.getByTestId('bulk-paste');
    this.pasteNext = page.getByTestId('bulk-paste-next');
    this.file = page.getByTestId('bulk-file');
    this.mapNext = page.getByTestId('bulk-map-next');
    this.preview = page.getByTestId('bulk-preview');
    this.validCount = page.getByTestId('bulk-valid-count');
    this.invalidCount = page.getByTestId('bulk-invalid-count');
    this.badRows = page.getByTestId('bulk-bad-row');
    this.jobName = page.getByTestId('bulk-job-name');
    this.reuse = page.getByTestId('bulk-reuse');
    this.start = page.getByTestId('bulk-start');
    this.jobs = page.getByTestId('bulk-job');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-bulk').click();
  }

  badRow(line: number): Locator {
    return this.page.locator(`[data-testid="bulk-bad-row"][data-line="${line}"]`);
  }

  job(name: string): Locator {
    return this.jobs.filter({ has: this.page.getByTestId('bulk-job-name-text').getByText(name, { exact: true }) });
  }
}
