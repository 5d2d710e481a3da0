import { QrCodesPage } from './pages/qr-codes-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 37, item 4: a batch export right after the app made the codes leaves none out (it used to
 * say "Linkdeck does not know yet what these codes hold" of codes it had just made).
 */
test('codes just made here are all in a batch export', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const qr = new QrCodesPage(page);
  await qr.open();
  for (const name of ['Poster A', 'Poster B']) {
    await page.getByTestId('qr-add').click();
    await qr.field('data').fill(`https://example.com/${name.replace(' ', '-').toLowerCase()}`);
    await page.getByTestId('qr-name').fill(name);
    await page.getByTestId('qr-submit').click();
    await expect(qr.form).toBeHidden({ timeout: 30_000 });
    await expect(qr.row(name)).toBeVisible();
  }
  await page.getByTestId('qr-select-all').check();
  await page.getByTestId('qr-export-selected').click();
  await expect(qr.designer).toBeVisible();
  await expect(page.getByTestId('qr-designer-skipped')).toHaveCount(0);
  await expect(page.locator('#qr-designer-title')).toHaveText('Design and export 2 QR codes');
});
