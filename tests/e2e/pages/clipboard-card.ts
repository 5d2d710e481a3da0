import type { Locator, Page } from '@playwright/test';

/** The clipboard watch card of the Settings view. */
export class ClipboardCard {
  readonly root: Locator;
  readonly unavailable: Locator;
  readonly enabled: Locator;
  readonly poll: Locator;
  readonly rules: Locator;
  readonly saveButton: Locator;
  readonly formError: Locator;
  readonly dirty: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('clipboard-card');
    this.unavailable = this.root.getByTestId('clipboard-unavailable');
    this.enabled = this.root.getByTestId('clipboard-enabled');
    this.poll = this.root.getByTestId('clipboard-poll');
    this.rules = this.root.getByTestId('clipboard-rule');
    this.saveButton = this.root.getByTestId('clipboard-save');
    this.formError = this.root.getByTestId('clipboard-form-error');
    this.dirty = this.root.getByTestId('clipboard-dirty');
  }

  rule(index: number): Locator {
    return this.rules.nth(index);
  }

  /** Adds a rule at the end and types what it matches; answers that rule (by position, so it stays put). */
  async addRule(action: 'allow' | 'deny', match: string): Promise<Locator> {
    const count = await this.rules.count();
    await this.root.getByTestId(`clipboard-add-${action}`).click();
    const rule = this.rules.nth(count);
    await rule.getByTestId('clipboard-rule-match').fill(match);
    return rule;
  }

  /** The message shown under a rule's "Matches" field ('' when none). */
  matchMessage(rule: Locator): Locator {
    return rule.locator('.n-form-item', { has: this.page.getByTestId('clipboard-rule-match') }).locator('.n-form-item-feedback-wrapper');
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
