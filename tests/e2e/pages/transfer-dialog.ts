import type { Locator, Page } from '@playwright/test';

/** "Copy or move to…" in the Links view's selection bar, and its dialog. */
export class TransferDialog {
  readonly openButton: Locator;
  readonly root: Locator;
  /** The options' labels: Naive UI hides the radio inputs themselves, a person clicks the label. */
  readonly move: Locator;
  readonly copy: Locator;
  readonly check: Locator;
  readonly plan: Locator;
  readonly toCreate: Locator;
  readonly alreadyThere: Locator;
  readonly planError: Locator;
  readonly start: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByTestId('links-bulk-transfer');
    this.root = page.getByTestId('transfer-dialog');
    this.move = this.root.getByTestId('transfer-mode-move');
    this.copy = this.root.getByTestId('transfer-mode-copy');
    this.check = this.root.getByTestId('transfer-check');
    this.plan = this.root.getByTestId('transfer-plan');
    this.toCreate = this.root.getByTestId('transfer-plan-create');
    this.alreadyThere = this.root.getByTestId('transfer-plan-there');
    this.planError = this.root.getByTestId('transfer-plan-error');
    this.start = this.root.getByTestId('transfer-start');
  }

  target(name: string): Locator {
    return this.root.getByRole('radio', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
  }
}
