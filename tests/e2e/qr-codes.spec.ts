import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { QrCodesPage } from './pages/qr-codes-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type CheckedService } from './fixtures.js';
import { transitionsDone } from './transitions-done.js';

/*
 * The QR codes section (issue 31) in Chromium against the real local service: create (with the
 * form's own refusals next to the fields), a scan counted and shown in the detail, export,
 * edit, delete; and axe over the new views in both themes.
 */

type Row = Record<string, unknown>;

async function connect(page: Page, service: CheckedService): Promise<QrCodesPage> {
  await new WelcomePage(page).connectForm.connect({ name: 'QR service', baseUrl: service.url, apiKey: service.apiKey });
  await expect(page.getByTestId('app-frame')).toBeVisible();
  const qr = new QrCodesPage(page);
  await qr.open();
  await expect(qr.view).toBeVisible();
  return qr;
}

async function qrsOf(service: CheckedService): Promise<Row[]> {
  const json = await service.ok('GET', '/api/qr?limit=100');
  return ((json['data'] as Record<string, Row[]>)['qrs'] ?? []) as Row[];
}

test('QR codes: create, a scan in the detail, export, edit and delete', async ({ app, service }) => {
  test.setTimeout(180_000);
  const { page } = app;
  const qr = await connect(page, service);

  // The form refuses what a deployment's QR helper would, next to the field, before sending.
  await page.getByTestId('qr-add').click();
  await qr.field('data').fill('example.com/menu');
  await page.getByTestId('qr-submit').click();
  await expect(qr.feedback('data')).toHaveText('Enter a full web address starting with http:// or https://.');
  await page.getByTestId('qr-foreground').fill('#dddddd');
  await expect(qr.feedback('foreground')).toContainText('too close for a camera');
  expect(await qrsOf(service)).toEqual([]);

  await qr.field('data').fill('https://example.com/menu');
  await page.getByTestId('qr-foreground').fill('#112233');
  await page.getByTestId('qr-name').fill('Menu poster');
  await page.getByTestId('qr-submit').click();
  await expect(qr.form).toBeHidden({ timeout: 30_000 });
  await expect(qr.row('Menu poster')).toBeVisible();
  const [made] = await qrsOf(service);
  expect(made).toMatchObject({ name: 'Menu poster', scans: 0 });
  const id = made!['id'] as number;
  const single = await service.ok('GET', `/api/qr/${id}`);
  const details = single['details'] as Row;
  expect(details).toMatchObject({ type: 'link', content: 'https://example.com/menu', foreground: 'rgb(17,34,51)' });

  // The detail: the image made here, the content in words, no scans yet.
  await qr.row('Menu poster').click();
  await expect(qr.detail).toBeVisible();
  await expect(page.getByTestId('qr-detail-image')).toBeVisible();
  await expect(page.getByTestId('qr-detail-content')).toHaveText('Opens https://example.com/menu');
  await expect(page.getByTestId('qr-detail-scans')).toHaveText('0');
  await expect(page.getByTestId('qr-detail-short')).toHaveText(details['shorturl'] as string);

  // A scan: a phone opens the short link the code holds. It shows in the detail on refresh.
  const scan = await fetch(details['shorturl'] as string, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1' } });
  expect(scan.status).toBe(302);
  await page.getByTestId('qr-detail-refresh').click();
  await expect(page.getByTestId('qr-detail-scans')).toHaveText('1');

  // Export: SVG of this code, then a PDF, made in the page.
  await page.getByTestId('qr-detail-export').click();
  await expect(qr.designer).toBeVisible();
  await expect(page.getByTestId('qr-design-preview')).toBeVisible();
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-export-svg').click()]);
  expect(svgDownload.suggestedFilename()).toBe('Menu-poster.svg');
  expect(readFileSync(await svgDownload.path()).toString('utf8')).toMatch(/^<svg xmlns/);
  await page.getByTestId('qr-design-margin').fill('40');
  await expect(qr.feedback('margin', 'qr-designer')).toContainText('from 0 to 16');
  await expect(page.getByTestId('qr-export-pdf')).toBeDisabled();
  await page.getByTestId('qr-design-margin').fill('2');
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-export-pdf').click()]);
  expect(pdfDownload.suggestedFilename()).toBe('Menu-poster.pdf');
  expect(readFileSync(await pdfDownload.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByTestId('qr-designer-close').click();

  // Edit: the name and the address; the short link (and printed codes) stay.
  await page.getByTestId('qr-detail-edit').click();
  await expect(qr.form).toBeVisible();
  await expect(qr.field('data')).toHaveValue('https://example.com/menu');
  await page.getByTestId('qr-name').fill('Menu poster, summer');
  await qr.field('data').fill('https://example.com/summer-menu');
  await page.getByTestId('qr-submit').click();
  await expect(qr.form).toBeHidden({ timeout: 30_000 });
  await expect(qr.row('Menu poster, summer')).toBeVisible();
  const edited = (await service.ok('GET', `/api/qr/${id}`))['details'] as Row;
  expect(edited).toMatchObject({ name: 'Menu poster, summer', content: 'https://example.com/summer-menu', shorturl: details['shorturl'] });

  // Search, then delete.
  await qr.search.fill('nothing like it');
  await expect(page.getByTestId('qr-empty')).toHaveText('No QR code matches the search.');
  await qr.search.fill('summer');
  await qr.row('Menu poster, summer').click();
  await page.getByTestId('qr-detail-delete').click();
  await page.getByTestId('confirm-delete-yes').click();
  await expect(page.getByTestId('confirm-delete')).toBeHidden({ timeout: 30_000 });
  expect(await qrsOf(service)).toEqual([]);
  await expect(qr.row('Menu poster, summer')).toHaveCount(0);
});

const SCHEMES = ['light', 'dark'] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  await transitionsDone(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 4).map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
}

for (const scheme of SCHEMES) {
  test(`QR codes (${scheme}): axe finds nothing serious in the list, form, detail and designer`, async ({ app, service }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await page.emulateMedia({ colorScheme: scheme });
    await service.ok('POST', '/api/qr/add', { type: 'wifi', data: { ssid: 'Cafe', pass: 'secret', encryption: 'wpa' }, name: 'Cafe Wi-Fi' });
    await service.ok('POST', '/api/qr/add', { type: 'link', data: 'https://example.com', name: 'Home' });
    await service.ok('POST', '/api/qr/add', { type: 'text', data: 'Hello', name: 'Greeting' });
    const qr = await connect(page, service);
    await expect(page.locator('.app')).toHaveAttribute('data-theme', scheme);
    await expect(qr.row('Cafe Wi-Fi')).toBeVisible({ timeout: 30_000 });
    const found: string[] = [];
    found.push(...(await seriousViolations(page)).map((v) => `list: ${v}`));

    await page.getByTestId('qr-add').click();
    await qr.chooseType('SMS (number only form)');
    await page.getByTestId('qr-submit').click();
    await expect(qr.feedback('data.phone')).toHaveText('Enter the phone number.');
    found.push(...(await seriousViolations(page)).map((v) => `form with errors: ${v}`));
    await page.getByTestId('qr-cancel').click();

    await qr.row('Cafe Wi-Fi').click();
    await expect(page.getByTestId('qr-detail-content')).toHaveText('Joins the Wi-Fi network “Cafe” (WPA, password included)');
    found.push(...(await seriousViolations(page)).map((v) => `detail: ${v}`));

    await page.getByTestId('qr-detail-export').click();
    await expect(page.getByTestId('qr-design-preview')).toBeVisible();
    found.push(...(await seriousViolations(page)).map((v) => `designer: ${v}`));
    await page.getByTestId('qr-designer-close').click();

    // Batch: every code selected, exported as one ZIP of PNGs, none left out (this service's
    // list says what each code holds; a deployment's does not: see the unit and integration tests).
    await page.getByTestId('qr-select-all').check();
    await page.getByTestId('qr-export-selected').click();
    await expect(page.getByTestId('qr-designer')).toContainText('Design and export 3 QR codes');
    await expect(page.getByTestId('qr-designer-skipped')).toHaveCount(0);
    found.push(...(await seriousViolations(page)).map((v) => `batch designer: ${v}`));
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-export-png').click()]);
    expect(zip.suggestedFilename()).toBe('qr-codes-png.zip');
    expect(Object.keys(unzipSync(readFileSync(await zip.path()))).sort()).toEqual(['Cafe-Wi-Fi.png', 'Greeting.png', 'Home.png']);
    expect(found, found.join('\n\n')).toEqual([]);
  });
}
