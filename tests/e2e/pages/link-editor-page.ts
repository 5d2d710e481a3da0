import { expect, type Locator, type Page } from '@playwright/test';

export type TargetKind = 'geoTarget' | 'deviceTarget' | 'languageTarget';

/** The full link editor (create or edit), shown in the Links view's drawer. */
export class LinkEditorPage {
  readonly root: Locator;
  readonly url: Locator;
  readonly custom: Locator;
  readonly password: Locator;
  readonly expiry: Locator;
  readonly status: Locator;
  readonly metaTitle: Locator;
  readonly metaDescription: Locator;
  readonly metaImage: Locator;
  readonly note: Locator;
  readonly deepApple: Locator;
  readonly deepGoogle: Locator;
  readonly submit: Locator;
  readonly shortUrl: Locator;
  readonly invalid: Locator;
  readonly failure: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('link-editor');
    this.url = this.root.getByTestId('link-url');
    this.custom = this.root.getByTestId('link-custom');
    this.password = this.root.getByTestId('link-password');
    this.expiry = this.root.getByTestId('link-expiry').locator('input').first();
    this.status = this.root.getByTestId('link-status');
    this.metaTitle = this.root.getByTestId('link-meta-title');
    this.metaDescription = this.root.getByTestId('link-meta-description');
    this.metaImage = this.root.getByTestId('link-meta-image');
    this.note = this.root.getByTestId('link-note');
    this.deepApple = this.root.getByTestId('link-deep-apple');
    this.deepGoogle = this.root.getByTestId('link-deep-google');
    this.submit = this.root.getByTestId('link-editor-submit');
    this.shortUrl = this.root.getByTestId('link-editor-short-url');
    this.invalid = this.root.getByTestId('link-editor-invalid');
    this.failure = this.root.getByTestId('link-editor-failure');
  }

  /** The form item of a field, by its input path ("url", "custom", "geoTarget.0.link"…). */
  field(path: string): Locator {
    return this.root.locator(`[data-field="${path}"]`);
  }

  /** The message shown under a field. */
  feedback(path: string): Locator {
    return this.field(path).locator('.n-form-item-feedback');
  }

  /** Picks an option of a Naive select: its menu is teleported to the end of <body>. */
  async choose(select: Locator, option: string | RegExp, typed?: string): Promise<void> {
    await select.click();
    if (typed) await this.page.keyboard.type(typed);
    await this.page.locator('.n-base-select-option').filter({ hasText: option }).first().click();
  }

  async chooseRedirect(label: string): Promise<void> {
    await this.choose(this.root.getByTestId('link-redirect'), label);
  }

  async chooseSplashPage(name: string): Promise<void> {
    await this.choose(this.root.getByTestId('link-splash-page'), name);
  }

  /** Adds a pixel to the (multiple) pixels select, then closes its menu without Escape (which closes the drawer). */
  async addPixel(label: string | RegExp): Promise<void> {
    await this.choose(this.root.getByTestId('link-pixels'), label);
    // Closes the picker: a click on the group's legend, away from every field.
    await this.root.locator('legend').first().click();
  }

  async chooseChannel(name: string): Promise<void> {
    await this.choose(this.root.getByTestId('link-channel'), name, name);
  }

  async chooseCampaign(name: string): Promise<void> {
    await this.choose(this.root.getByTestId('link-campaign'), name, name);
  }

  async setStatus(value: 'Public' | 'Private'): Promise<void> {
    await this.status.getByText(value, { exact: true }).click();
  }

  /** The expiry, typed in the picker's own format (local time). */
  async setExpiry(text: string): Promise<void> {
    await this.expiry.click();
    await this.expiry.fill(text);
    await this.expiry.press('Enter');
    // Closes the picker: a click on the group's legend, away from every field.
    await this.root.locator('legend').first().click();
  }

  async addTarget(kind: TargetKind, option: string | RegExp, typed: string, link: string): Promise<void> {
    const rows = this.root.getByTestId(`target-${kind}-row`);
    const i = await rows.count();
    // Wait for the row the click adds. Once, on a loaded machine, the button took focus but no row
    // came (a mousedown without its click: the layout moved in between). A person would click
    // again, and so does this, only while the row is not there.
    await expect(async () => {
      if ((await rows.count()) === i) await this.root.getByTestId(`target-${kind}-add`).click();
      await expect(rows).toHaveCount(i + 1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await this.choose(this.root.getByTestId(`target-${kind}-key-${i}`), option, typed);
    await this.targetLink(kind, i).fill(link);
  }

  targetLink(kind: TargetKind, i: number): Locator {
    return this.root.getByTestId(`target-${kind}-link-${i}`);
  }

  async addParameter(name: string, value: string): Promise<void> {
    const i = await this.root.getByTestId('link-param-row').count();
    await this.root.getByTestId('link-param-add').click();
    await this.root.getByTestId(`link-param-name-${i}`).fill(name);
    await this.root.getByTestId(`link-param-value-${i}`).fill(value);
  }

  async setUtm(values: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>): Promise<void> {
    const details = this.root.locator('details.link-editor__utm');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    for (const [key, value] of Object.entries(values)) await this.root.getByTestId(`link-utm-${key}`).fill(value);
  }
}
