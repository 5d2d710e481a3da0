import type { Page } from '@playwright/test';
import { faultLines, layoutFaults } from './layout-faults.js';
import { LinksPage } from './pages/links-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 37, items 3 and 7, kept fixed in `npm test`: every view of the app at the smallest and the
 * largest window people use, light and dark, has none of the layout faults a person sees
 * (layout-faults.ts), no "(s)" in its words and none of the component library's placeholder text.
 * LAYOUT_SHOTS=<dir> also saves each page as a PNG there, to look at.
 */

const SECTIONS = ['links', 'channels', 'campaigns', 'domains', 'pixels', 'qrs', 'overlays', 'analytics', 'bulk', 'outbox', 'account', 'settings'];
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
];
const LONG_URL = 'https://shop.northwind-outfitters.example/collections/autumn-winter-2026/outerwear/summit-down-jacket?utm_source=newsletter&utm_medium=email';

async function check(page: Page, what: string, shots: string | undefined): Promise<string[]> {
  await expect(page.locator('[data-status="loading"]')).toHaveCount(0);
  // Laid out once every finite animation (drawers fading in) has ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
  if (shots) await page.screenshot({ path: `${shots}/${what}.png` });
  const words = await page.evaluate(() => {
    const text = document.body.innerText;
    const found = [...text.matchAll(/\b\w+\(s\)/g)].map((m) => `"${m[0]}" in the text`);
    for (const el of document.querySelectorAll('[placeholder]')) {
      const p = el.getAttribute('placeholder') ?? '';
      if (/^please (input|select)/i.test(p)) found.push(`placeholder "${p}"`);
    }
    for (const el of document.querySelectorAll('.n-base-selection-placeholder, .n-input__placeholder')) {
      const p = (el.textContent ?? '').trim();
      if (/^please (input|select)/i.test(p)) found.push(`placeholder "${p}"`);
    }
    return found;
  });
  return [...faultLines(await layoutFaults(page)), ...words].map((line) => `${what}: ${line}`);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`every view at ${size.width}×${size.height}, ${scheme}: nothing outside its frame, covered, cut or overflowing; no "(s)", no library placeholder`, async ({ app }) => {
      test.setTimeout(180_000);
      const { page } = app;
      const shots = process.env['LAYOUT_SHOTS'];
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await new WelcomePage(page).useLocalWorkspace();
      const links = new LinksPage(page);
      // A link with a long URL, and one with a password: the widest cells the table has.
      await links.create(LONG_URL);
      await expect(links.newLinkOutcome.getByTestId('new-link-short-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
      const faults: string[] = [];
      // The new-link form open above the list: the list's area is at its shortest.
      faults.push(...(await check(page, `links-form-open-${size.width}-${scheme}`, shots)));
      await links.newLinkOutcome.getByTestId('new-link-again').click();
      await page.keyboard.press('Escape');

      for (const section of SECTIONS) {
        await page.getByTestId(`nav-${section}`).click();
        await expect(page.getByTestId('page-title')).toBeVisible();
        faults.push(...(await check(page, `${section}-${size.width}-${scheme}`, shots)));
      }
      // The full editor and the QR form: every field of both.
      await page.getByTestId('nav-links').click();
      await page.getByTestId('open-link-editor').click();
      await expect(page.getByTestId('link-editor')).toBeVisible();
      faults.push(...(await check(page, `link-editor-${size.width}-${scheme}`, shots)));
      await page.keyboard.press('Escape');
      await page.getByTestId('nav-qrs').click();
      await page.getByTestId('qr-add').click();
      await expect(page.getByTestId('qr-form')).toBeVisible();
      faults.push(...(await check(page, `qr-form-${size.width}-${scheme}`, shots)));

      expect(faults).toEqual([]);
    });
  }
}
