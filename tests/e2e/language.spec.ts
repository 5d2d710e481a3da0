import { AppFrame } from './pages/app-frame.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/*
 * The language setting in the web shell (issue 44, item 4): choosing Deutsch in Settings turns
 * the sidebar and the page German at once, without a reload, and the choice is kept; a browser
 * whose language is German opens Linkdeck in German, since "System" follows it.
 */

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('choosing Deutsch in Settings switches the sidebar and the page at once, and is kept', async ({ app }) => {
    const { page } = app;
    await new WelcomePage(page).useLocalWorkspace();
    const frame = new AppFrame(page);
    await frame.open('settings');
    await expect(frame.pageTitle).toHaveText('Settings');
    await expect(page.getByTestId('nav-channels')).toHaveText('Channels');

    // No reload: the same document switches (a marker set on it now must survive).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option').filter({ hasText: 'Deutsch' }).click();

    await expect(frame.pageTitle).toHaveText('Einstellungen');
    await expect(page.getByTestId('nav-channels')).toHaveText('Kanäle');
    await expect(page.getByTestId('nav-settings')).toHaveText('Einstellungen');
    await expect(page.getByTestId('connect-another')).toHaveText('Weiteren Dienst verbinden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Einstellungen — Linkdeck');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Kept in the data folder: a new window opens in German although the browser is English.
    await page.reload();
    await expect(page.locator('[data-app-state="ready"]')).toBeAttached();
    await expect(page.getByTestId('nav-channels')).toHaveText('Kanäle');

    // Back to the system's language (the browser's: English).
    await frame.open('settings');
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option').filter({ hasText: 'System' }).click();
    await expect(page.getByTestId('nav-channels')).toHaveText('Channels');
  });
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('opens in German when the language follows the system', async ({ app }) => {
    const { page } = app;
    await expect(page.getByTestId('welcome')).toContainText('Willkommen bei Linkdeck');
    await expect(page.getByTestId('use-local')).toHaveText('Lokalen Arbeitsbereich verwenden');
    await new WelcomePage(page).useLocalWorkspace();
    await expect(page.getByTestId('nav-settings')).toHaveText('Einstellungen');
    await new AppFrame(page).open('settings');
    await expect(page.getByTestId('language-select')).toContainText('System (Deutsch)');
  });
});
