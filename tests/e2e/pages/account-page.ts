import type { Locator, Page } from '@playwright/test';

export class AccountPage {
  readonly root: Locator;
  readonly email: Locator;
  readonly username: Locator;
  readonly plan: Locator;

  constructor(page: Page) {
    this.root = page.getByTestId('account-view');
    this.email = this.root.getByTestId('account-email-value');
    this.username = this.root.getByTestId('account-username');
    this.plan = this.root.getByTestId('account-plan');
  }
}
