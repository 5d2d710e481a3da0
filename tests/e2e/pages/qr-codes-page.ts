import type { Locator, Page } from '@playwright/test';

/** The QR codes section (issue 31): list, form, detail, designer. */
export class QrCodesPage {
  readonly view: Locator;
  readonly form: Locator;
  readonly detail: Locator;
  readonly designer: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('qr-view');
    this.form = page.getByTestId('qr-form');
    this.detail = page.getByTestId('qr-detail');
    this.designer = page.getByTestId('qr-designer');
    this.search = page.getByTestId('qr-search');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-qrs').click();
  }

  /** The row's name button of a code, by its name. */
  row(name: string): Locator {
    return this.page.getByTestId('qr-open').filter({ hasText: name });
  }

  field(name: string): Locator {
    return this.page.getByTestId(`qr-field-${name}`);
  }

  /** The message under a form field (`data`, `data.phone`, `name`, `foreground` …). */
  feedback(field: string, form = 'qr-form'): Locator {
    return this.page.locator(`[data-testid="${form}"] [data-field="${field}"] .n-form-item-feedback-wrapper`);
  }

  async chooseType(label: string): Promise<void> {
    await this.page.getByTestId('qr-type').click();
    await this.page.locator('.n-base-select-option').filter({ hasText: label }).first().click();
  }
}
