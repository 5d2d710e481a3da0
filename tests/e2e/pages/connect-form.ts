import type { Locator } from '@playwright/test';

/** The "connect to a service" form, wherever it is shown (welcome screen or Settings). */
export class ConnectForm {
  readonly name: Locator;
  readonly baseUrl: Locator;
  readonly apiKey: Locator;
  readonly submitButton: Locator;
  /** The service's verdict, in words. */
  readonly error: Locator;
  readonly nameError: Locator;
  readonly baseUrlError: Locator;
  readonly apiKeyError: Locator;

  constructor(readonly root: Locator) {
    this.name = root.getByLabel('Profile name');
    this.baseUrl = root.getByLabel('Service address');
    this.apiKey = root.getByLabel('API key', { exact: true });
    this.submitButton = root.getByTestId('connect-submit');
    this.error = root.getByTestId('connect-error');
    this.nameError = root.getByTestId('connect-name-error');
    this.baseUrlError = root.getByTestId('connect-base-url-error');
    this.apiKeyError = root.getByTestId('connect-api-key-error');
  }

  async connect(fields: { name: string; baseUrl: string; apiKey: string }): Promise<void> {
    await this.name.fill(fields.name);
    await this.baseUrl.fill(fields.baseUrl);
    await this.apiKey.fill(fields.apiKey);
    await this.submitButton.click();
  }
}
