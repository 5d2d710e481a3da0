import type { Locator, Page } from '@playwright/test';
import { ConnectForm } from './connect-form.js';

/** Settings: the profiles and the form to connect another service. */
export class SettingsPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly connectAnotherButton: Locator;
  readonly connectForm: ConnectForm;
  readonly removeDialog: Locator;
  readonly renameDialog: Locator;
  /** Link health: "Also check links to addresses on my own network" (a switch, aria-checked). */
  readonly healthOwnNetwork: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('settings-view');
    this.rows = this.root.getByTestId('profile-row');
    this.connectAnotherButton = this.root.getByTestId('connect-another');
    this.connectForm = new ConnectForm(this.root.getByTestId('connect-card').getByTestId('connect-form'));
    this.removeDialog = page.getByTestId('remove-dialog');
    this.renameDialog = page.getByTestId('rename-dialog');
    this.healthOwnNetwork = this.root.getByTestId('health-settings').getByRole('switch');
  }

  row(name: string): Locator {
    return this.root.locator(`[data-testid="profile-row"][data-profile-name="${name.replace(/"/g, '\\"')}"]`);
  }

  /** Names of the profiles, in order. */
  async profileNames(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-profile-name') ?? ''));
  }

  currentMarker(name: string): Locator {
    return this.row(name).getByTestId('profile-current');
  }

  async openConnectForm(): Promise<ConnectForm> {
    await this.connectAnotherButton.click();
    return this.connectForm;
  }

  async switchTo(name: string): Promise<void> {
    await this.row(name).getByTestId('profile-switch').click();
  }

  async rename(from: string, to: string): Promise<void> {
    await this.row(from).getByTestId('profile-rename').click();
    await this.renameDialog.getByLabel('Name').fill(to);
    await this.renameDialog.getByTestId('rename-save').click();
  }

  /** Opens the remove confirmation for a profile; returns its text. */
  async askToRemove(name: string): Promise<Locator> {
    await this.row(name).getByTestId('profile-remove').click();
    return this.removeDialog.getByTestId('remove-consequence');
  }

  async confirmRemove(): Promise<void> {
    await this.removeDialog.getByTestId('remove-confirm').click();
  }
}
