import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { AppFrame } from './pages/app-frame.js';
import { BulkPage } from './pages/bulk-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { faultLines, layoutFaults } from './layout-faults.js';
import { expect, test } from './fixtures.js';

/*
 * The bulk import's steps in German, French, Spanish and Brazilian Portuguese at 1024×700 (issue 44, item 5): the longer words
 * leave no button wrapped or cut and no layout fault, on the source tabs, the mapping of a Bitly
 * export and its dry run. Screenshots go to the test's output folder for a person to look at.
 */

const BITLY_EXPORT = resolve(import.meta.dirname, '../fixtures/imports/bitly-links.csv');

/** Buttons, tabs and table headers drawn on more than one line, or narrower than their words. */
async function wrappedOrCut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.n-button, .n-tabs-tab, .n-radio-button')) {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      const text = (el.textContent ?? '').trim();
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
      const label = el.querySelector<HTMLElement>('.n-button__content, .n-tabs-tab__label') ?? el;
      if (label.getBoundingClientRect().height > lineHeight * 1.6) out.push(`wrapped: "${text}"`);
      if (label.scrollWidth > label.clientWidth + 1) out.push(`cut: "${text}"`);
      if (r.right > window.innerWidth + 1) out.push(`off-screen: "${text}"`);
    }
    // A table's column headers: "URL de destination" drawn as "URL de des…".
    for (const th of document.querySelectorAll<HTMLElement>('.n-data-table-th')) {
      const title = th.querySelector<HTMLElement>('.n-ellipsis') ?? th.querySelector<HTMLElement>('.n-data-table-th__ellipsis') ?? th;
      if (title.getBoundingClientRect().width >= 1 && title.scrollWidth > title.clientWidth + 1) out.push(`cut header: "${(th.textContent ?? '').trim()}"`);
    }
    return out;
  });
}

async function expectDrawnWell(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  expect(faultLines(await layoutFaults(page)), name).toEqual([]);
  expect(await wrappedOrCut(page), name).toEqual([]);
}

for (const locale of ['de-DE', 'fr-FR', 'es-ES', 'pt-BR'] as const) {
  test.describe(`the bulk import in ${locale}`, () => {
    test.use({ locale, viewport: { width: 1024, height: 700 } });

    test(`${locale}: source, mapping and dry run keep every word whole at 1024×700`, async ({ app }) => {
      test.setTimeout(120_000);
      const { page } = app;
      await new WelcomePage(page).useLocalWorkspace();
      await expect(new AppFrame(page).root).toBeVisible();
      const bulk = new BulkPage(page);
      await bulk.open();
      await expect(bulk.root).toHaveAttribute('data-status', 'ready');
      await expectDrawnWell(page, `${locale}-source`);

      const tabs = page.locator('[data-testid="bulk-source"] .n-tabs-tab');
      await tabs.nth(2).click();
      await expect(page.getByTestId('live-fetch')).toBeVisible();
      await expectDrawnWell(page, `${locale}-live`);

      await tabs.nth(1).click();
      await bulk.file.setInputFiles(BITLY_EXPORT);
      await expect(page.getByTestId('bulk-recognised')).toBeVisible();
      await expectDrawnWell(page, `${locale}-mapping`);

      await bulk.mapNext.click();
      await expect(bulk.preview).toBeVisible();
      await expect(bulk.start).toBeVisible();
      await expectDrawnWell(page, `${locale}-preview`);
      // The bottom of the dry run: the row problems (in the page's language), the table and the start button.
      await expect(page.getByTestId('bulk-bad-reason').first()).not.toContainText('The URL is required');
      await bulk.start.scrollIntoViewIfNeeded();
      await expectDrawnWell(page, `${locale}-preview-end`);
    });
  });
}
