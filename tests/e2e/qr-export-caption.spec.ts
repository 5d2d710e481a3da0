import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import workspaceEn from '../../renderer/src/i18n/locales/en/workspace.json' with { type: 'json' };
import { QrCodesPage } from './pages/qr-codes-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 37, item 4: a dynamic code made in the local workspace (its hidden short link opens only
 * on this computer) is exported from the QR section with the link drawer's caption in the file:
 * the SVG's text and a PNG taller than the code by the caption's lines.
 */
test('a local dynamic code exported from the QR section says in the file where it opens', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const qr = new QrCodesPage(page);
  await qr.open();
  await page.getByTestId('qr-add').click();
  await qr.field('data').fill('https://example.com/caption');
  await page.getByTestId('qr-name').fill('Local poster');
  await page.getByTestId('qr-submit').click();
  await expect(qr.form).toBeHidden({ timeout: 30_000 });
  await page.getByTestId('qr-select-all').check();
  await page.getByTestId('qr-export-selected').click();
  await expect(qr.designer).toBeVisible();

  const caption = workspaceEn.caption.thisComputer;
  expect(caption).not.toBeNull();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-export-svg').click()]);
  const text = readFileSync(await svg.path()).toString('utf8');
  expect(text).toContain(`<title>${caption}</title>`);
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-export-png').click()]);
  const image = PNG.sync.read(readFileSync(await png.path()));
  expect(image.height).toBeGreaterThan(image.width);
});
