import type { Locator, Page } from '@playwright/test';

/** The UTM fields with their saved templates (UtmFields.vue), found by their test-id prefix. */
export class UtmFieldsPage {
  readonly picker: Locator;
  readonly saveTemplate: Locator;
  readonly templateName: Locator;
  readonly templateNameMessage: Locator;
  readonly templateSave: Locator;
  readonly notice: Locator;

  constructor(
    readonly page: Page,
    readonly scope: Locator,
    readonly prefix = 'utm',
  ) {
    this.picker = scope.getByTestId(`${prefix}-template`);
    this.saveTemplate = scope.getByTestId(`${prefix}-save-template`);
    this.templateName = scope.getByTestId(`${prefix}-template-name`);
    this.templateNameMessage = scope.getByTestId(`${prefix}-template-name-message`);
    this.templateSave = scope.getByTestId(`${prefix}-template-save`);
    this.notice = scope.getByTestId(`${prefix}-template-notice`);
  }

  field(name: 'source' | 'medium' | 'campaign' | 'term' | 'content'): Locator {
    return this.scope.getByTestId(`${this.prefix}-${name}`);
  }

  async saveAs(name: string): Promise<void> {
    await this.saveTemplate.click();
    await this.templateName.fill(name);
    await this.templateSave.click();
  }

  /** Picks a saved template: the select's menu is teleported to the end of <body>. */
  async apply(name: string): Promise<void> {
    await this.picker.click();
    await this.page.locator('.n-base-select-option').filter({ hasText: name }).first().click();
  }
}
