import type { Locator, Page } from '@playwright/test';

export type Section = 'links' | 'channels' | 'campaigns' | 'domains' | 'pixels' | 'overlays' | 'bulk' | 'outbox' | 'account' | 'settings';

/** The frame around every view: sidebar, profile switcher, budget meter, connection state. */
export class AppFrame {
  readonly root: Locator;
  readonly pageTitle: Locator;
  readonly profileSwitcher: Locator;
  readonly budgetMeter: Locator;
  readonly connection: Locator;
  readonly keychainBanner: Locator;
  readonly notices: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('app-frame');
    this.pageTitle = page.getByTestId('page-title');
    this.profileSwitcher = page.getByTestId('profile-switcher');
    this.budgetMeter = page.getByTestId('budget-meter');
    this.connection = page.getByTestId('connection-indicator');
    this.keychainBanner = page.getByTestId('keychain-banner');
    this.notices = page.getByTestId('notices');
  }

  async open(section: Section): Promise<void> {
    await this.page.getByTestId(`nav-${section}`).click();
  }

  /** The name the switcher shows for the current profile. */
  currentProfile(): Locator {
    return this.profileSwitcher.getByTestId('profile-option');
  }

  async switchProfile(name: string): Promise<void> {
    await this.profileSwitcher.click();
    // The menu is teleported to the end of <body>, outside the switcher.
    await this.page.getByTestId('profile-option').filter({ hasText: name }).last().click();
  }
}
