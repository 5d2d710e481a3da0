import type { Locator, Page } from '@playwright/test';
import { LinksPage } from './pages/links-page.js';
import { screenSettled } from './transitions-done.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 44 with issue 37: the main dialogs in German (so far the new-link bar; the editor, delete confirm, transfer dialog and QR form are to come) by keyboard alone, at 1024×700. For each:
 * opened from its button by Enter, Tab reaches every control in it (each enabled, visible
 * focusable element), Escape closes it, and the focus goes back to the button that opened it.
 * One browser context for the whole walk, to keep the run short.
 */

const URL = 'https://example.com/tastatur-dialoge';
const FOCUSABLE = 'button, input, textarea, select, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Tabs through `dialog` and returns the controls Tab never reached (by label), tagging every
 * focusable, enabled, visible element first. Stops once all were reached or after a bound.
 */
async function unreached(page: Page, dialog: Locator): Promise<string[]> {
  await screenSettled(page);
  const labels = await dialog.evaluate((root, selector) => {
    const out: string[] = [];
    let i = 0;
    for (const el of root.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      const hidden = r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden';
      // A control inside another focusable one (a select's inner input) is reached with its parent.
      const outer = el.parentElement?.closest(selector);
      const nested = outer != null && root.contains(outer);
      if (hidden || nested || (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      el.dataset['kbdStop'] = String(i++);
      out.push(el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40) ?? el.tagName);
    }
    return out;
  }, FOCUSABLE);
  expect(labels.length, 'the dialog has controls').toBeGreaterThan(0);
  const reached = new Set<number>();
  // The control the dialog focused on opening counts as reached: Tab starts from it.
  const first = await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-kbd-stop]')?.dataset['kbdStop'] ?? null);
  if (first !== null) reached.add(Number(first));
  for (let presses = 0; presses < labels.length * 3 + 10 && reached.size < labels.length; presses++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-kbd-stop]')?.dataset['kbdStop'] ?? null);
    if (stop !== null) reached.add(Number(stop));
  }
  return labels.filter((_, i) => !reached.has(i));
}

/** Opens the dialog from `opener` by Enter, walks it, closes it by Escape; returns what failed. */
async function walk(page: Page, name: string, opener: Locator, dialog: Locator): Promise<string[]> {
  const problems: string[] = [];
  await opener.focus({ timeout: 15_000 });
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  for (const label of await unreached(page, dialog)) problems.push(`${name}: Tab never reaches "${label}"`);
  // Tab may have carried the focus past the last control (a dialog that does not trap it): Escape
  // is pressed from inside, on the first control, as a person would.
  await dialog.locator('[data-kbd-stop="0"]').focus();
  await page.keyboard.press('Escape');
  await expect(dialog, `${name}: Escape closes it`).toBeHidden({ timeout: 10_000 });
  await screenSettled(page);
  const back = await opener.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  if (!back) problems.push(`${name}: the focus is not back on its opener (it is on ${await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? 'nothing')})`);
  return problems;
}

test.describe('de at 1024×700: the main dialogs by keyboard alone', () => {
  test.use({ locale: 'de', viewport: { width: 1024, height: 700 } });

  test('the new-link bar: Tab reaches every control, Escape closes, the focus goes back', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const links = new LinksPage(page);
    await links.create(URL);
    await expect(links.newLinkOutcome.getByTestId('new-link-short-url')).toBeVisible({ timeout: 30_000 });
    await links.newLinkOutcome.getByRole('button', { name: 'Schließen' }).click();
    await expect(links.rows).toHaveCount(1);
    const problems: string[] = [];

    problems.push(...(await walk(page, 'new link', links.newLinkButton, page.getByTestId('new-link-form'))));

    expect(problems).toEqual([]);
  });
});
