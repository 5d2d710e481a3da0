import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.js';
import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, KEYCHAIN_REASON, test } from './fixtures.js';

/*
 * The main journey in German, as a person whose system speaks German meets it: the web shell
 * follows the browser's languages (here the context's locale), so nothing is switched by hand.
 * On each screen no English word may be left: a word of the English messages that no German
 * message also uses ("Link", "Alias" and "offline" are German too) fails the test wherever it
 * shows, in text or in a label, title or placeholder.
 */
test.use({ locale: 'de-DE' });

const root = resolve(import.meta.dirname, '../..');
const CATALOGUES = ['renderer/src/i18n/locales', 'electron/shared/i18n/locales'];

function wordsOf(locale: string): Set<string> {
  const words = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      // ICU syntax ({n, plural, one {…}}) and arguments are not words of the language.
      const text = node.replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal|number|date|time)\s*,/g, ' ').replace(/\{\w+\}/g, ' ').replace(/\b(one|other|few|many|zero|two)\s*\{/g, ' ');
      for (const w of text.match(/\p{L}[\p{L}’']*/gu) ?? []) words.add(w.toLowerCase());
    } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  for (const dir of CATALOGUES) {
    const folder = join(root, dir, locale);
    for (const f of readdirSync(folder).filter((n) => n.endsWith('.json'))) walk(JSON.parse(readFileSync(join(folder, f), 'utf8')));
  }
  return words;
}

const german = wordsOf('de');
/** English words a German screen must not show: in the English messages, in no German one, 4+ letters. */
const englishOnly = new Set([...wordsOf('en')].filter((w) => w.length >= 4 && !german.has(w)));

/** Every word a person meets on the screen: visible text and the labels that speak for elements. */
async function screenWords(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      const box = (el as HTMLElement).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) parts.push(el.getAttribute(a) ?? '');
    }
    return parts.join('\n');
  });
  // Data, not words of the app: URLs and short URLs and the test's own keychain reason. (The
  // local workspace's name is shown in German while never renamed: local-workspace-name.ts.)
  const cleaned = text.replaceAll(KEYCHAIN_REASON, ' ').replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ').replace(/\b[\w.-]+\.(com|org|net|de)\/\S*/gi, ' ');
  return [...new Set((cleaned.match(/\p{L}[\p{L}’']*/gu) ?? []).map((w) => w.toLowerCase()))];
}

async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  const left = (await screenWords(page)).filter((w) => englishOnly.has(w));
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
