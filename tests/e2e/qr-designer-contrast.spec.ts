import { faultLines, layoutFaults } from './layout-faults.js';
import { QrCodesPage } from './pages/qr-codes-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 37, item 4: the designer's low-contrast warning stays beside its field; the preview stays
 * in sight (it shows the low contrast), and exporting waits until the colours are fixed.
 */
test('a low-contrast warning keeps the designer laid out and its preview shown', async ({ app, service }) => {
  test.setTimeout(90_000);
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await service.ok('POST', '/api/qr/add', { type: 'link', data: 'https://example.com/menu', name: 'Menu poster' });
  await new WelcomePage(page).connectForm.connect({ name: 'QR service', baseUrl: service.url, apiKey: service.apiKey });
  const qr = new QrCodesPage(page);
  await qr.open();
  await qr.row('Menu poster').click();
  await page.getByTestId('qr-detail-export').click();
  await expect(qr.designer).toBeVisible();

  await page.getByTestId('qr-design-foreground').fill('#dddddd');
  await expect(qr.feedback('foreground', 'qr-designer')).toContainText('too close for a camera');
  const preview = page.getByTestId('qr-design-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('qr-export-png')).toBeDisabled();
  // The preview beside the fields, not pushed below them.
  const fields = await page.locator('.qr-designer__fields').boundingBox();
  const box = await preview.boundingBox();
  expect(box && fields && box.x >= fields.x + fields.width).toBe(true);
  expect(faultLines(await layoutFaults(page))).toEqual([]);
});
