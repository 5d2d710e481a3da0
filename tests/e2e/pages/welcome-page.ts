import type { Locator, Page } from '@playwright/test';
import { ConnectForm } from './connect-form.js';

/** The first-run screen. */
export class WelcomePage {
  readonly root: Locator;
  readonly useLocalButton: Locator;
  readonly connectForm: ConnectForm;

  constructor(page: Page) {
    this.root = page.getByTestId('welcome');
    this.useLocalButton = this.root.getByTestId('use-local');
    this.connectForm = new ConnectForm(this.root.getByTestId('connect-form'));
  }

  async useLocalWorkspace(): Promise<void> {
    await this.useLocalButton.click();
  }
}
