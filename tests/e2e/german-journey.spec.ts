import type { Page } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.js';
import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { englishLeft, englishOnly } from './english-left.js';
import { expect, test } from './fixtures.js';

/*
 * The main journey in German, as a person whose system speaks German meets it: the web shell
 * follows the browser's languages (here the context's locale), so nothing is switched by hand.
 * On each screen no English word may be left (english-left.ts says which words count).
 */
test.use({ locale: 'de-DE' });

async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  const left = await englishLeft(page.locator('body'));
  expect(left, `English words on the ${screen} screen`).toEqual([]);
}

test('in German: create a link, find it, open it, read its analytics — no English word left', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  expect(englishOnly.size, 'the English messages give words to look for').toBeGreaterThan(200);

  const welcome = new WelcomePage(page);
  await expect(welcome.root).toBeVisible();
  await expectNoEnglish(page, 'welcome');
  await welcome.useLocalWorkspace();

  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('links');
  const links = new LinksPage(page);
  await expect(page.getByTestId('resource-links')).toHaveAttribute('data-status', 'ready');
  await expectNoEnglish(page, 'links');

  await links.create('https://example.com/fruehjahrsaktion');
  await expect(links.newLinkOutcome).toBeVisible({ timeout: 30_000 });
  await expectNoEnglish(page, 'new link');
  await page.keyboard.press('Escape');

  await links.search.fill('fruehjahrsaktion');
  await expect(links.rows).toHaveCount(1);
  // The count under the search speaks German, with its plural.
  await expect(links.total).toHaveText(/1 Link\b/);
  await expectNoEnglish(page, 'search');

  await links.open('fruehjahrsaktion');
  await expect(links.detail).toHaveAttribute('data-status', 'ready');
  await expectNoEnglish(page, 'link detail');
  await links.closeDetail();

  const analytics = new AnalyticsPage(page);
  await analytics.open();
  await expect(analytics.root).toBeVisible();
  await expect(analytics.totals).toContainText(/Klicks?/, { timeout: 30_000 });
  await expectNoEnglish(page, 'analytics');
});
