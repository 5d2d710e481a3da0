import { resolve } from 'node:path';
import { AppFrame } from './pages/app-frame.js';
import { BulkPage } from './pages/bulk-page.js';
import { LinksPage } from './pages/links-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

const SHLINK_EXPORT = resolve(import.meta.dirname, '../fixtures/imports/shlink.csv');
const BITLY_EXPORT = resolve(import.meta.dirname, '../fixtures/imports/bitly-links.csv');
const WORKBOOK = resolve(import.meta.dirname, '../fixtures/imports/links-workbook.xlsx');
const PNG_AS_CSV = { name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) };

test('a Shlink export is recognised, its short codes become the aliases, and importing it twice makes each link once', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).connectForm.connect({ name: 'Import target', baseUrl: service.url, apiKey: service.apiKey });
  await expect(new AppFrame(page).root).toBeVisible();
  const bulk = new BulkPage(page);
  await bulk.open();
  await expect(bulk.root).toHaveAttribute('data-status', 'ready');

  for (const round of [1, 2]) {
    await page.getByText('Import a file', { exact: true }).click();
    await bulk.file.setInputFiles(SHLINK_EXPORT);
    const recognised = page.getByTestId('bulk-recognised');
    await expect(recognised).toContainText('Recognised: Shlink export');
    await expect(recognised).toContainText('clicks before the move');
    await bulk.mapNext.click();
    await expect(bulk.validCount).toHaveText('2');
    // The export's tags ("work") name no channel of this new account: said, and the links go without.
    await expect(page.getByTestId('bulk-missing-channels')).toContainText('work (1 row)');
    // Nothing is created without the person's confirmation, and the preview says what that means.
    await expect(page.getByTestId('bulk-create-channels')).toContainText('Create this channel on Import target');
    await expect(page.getByTestId('bulk-channels-outcome')).toHaveText('Without this, 1 link goes without a channel.');
    await bulk.jobName.fill(`Shlink import ${round}`);
    await bulk.start.click();
    const job = bulk.job(`Shlink import ${round}`);
    await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(job.getByTestId('bulk-count-failed')).toHaveText('0 failed');
  }

  const urls = ((await service.ok('GET', '/api/urls?limit=100'))['data'] as { urls: { alias: string; longurl: string }[] }).urls;
  expect(urls.map((u) => [u.alias, u.longurl]).sort()).toEqual([
    ['Zz9', 'https://example.com/b'],
    ['abc123', 'https://example.com/a'],
  ]);
});

test('a Bitly export from its Links page is recognised by its columns, its bad row said on its line, and imported once even when run twice', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).connectForm.connect({ name: 'From Bitly', baseUrl: service.url, apiKey: service.apiKey });
  await expect(new AppFrame(page).root).toBeVisible();
  const bulk = new BulkPage(page);
  await bulk.open();
  await expect(bulk.root).toHaveAttribute('data-status', 'ready');
  await page.getByText('Import a file', { exact: true }).click();

  // A picture renamed .csv is refused in a sentence, and nothing goes further.
  await bulk.file.setInputFiles(PNG_AS_CSV);
  const fileError = page.getByTestId('bulk-file-error');
  await expect(fileError).toContainText('This file cannot be imported');
  await expect(fileError).toContainText('"links.csv" is not a text file: it is a PNG image. Choose the CSV or JSON file the service exported.');

  for (const round of [1, 2]) {
    if (round === 2) await page.getByText('Import a file', { exact: true }).click();
    await bulk.file.setInputFiles(BITLY_EXPORT);
    await expect(page.getByTestId('bulk-recognised')).toContainText('Recognised: Bitly export');
    // The Link column (bit.ly short links) is the old short link, the Destination URL the long one.
    const rows = page.getByTestId('bulk-map-row');
    await expect(rows.filter({ hasText: 'Destination URL' }).getByTestId('bulk-map-3')).toContainText('Long URL');
    await expect(rows.filter({ hasText: /^Link/ }).getByTestId('bulk-map-1')).toContainText('Old short URL');
    // Its Status (active/archived) is left out with the reason, not read as public/private.
    await expect(page.getByTestId('bulk-recognised')).toContainText('Left out: whether the link is active or archived at Bitly');
    await expect(rows.filter({ hasText: 'Status' }).getByTestId('bulk-map-6')).toContainText('Leave out');
    await bulk.mapNext.click();
    await expect(bulk.validCount).toHaveText('6');
    await expect(bulk.invalidCount).toHaveText('1');
    await expect(bulk.badRow(8).getByTestId('bulk-bad-reason')).toContainText('The URL is required');
    await expect(page.getByTestId('bulk-kept')).toContainText('the click counts at Bitly of 6 links');
    await expect(page.getByTestId('bulk-kept')).toContainText('the tags after the first');
    await bulk.jobName.fill(`Bitly import ${round}`);
    await bulk.start.click();
    const job = bulk.job(`Bitly import ${round}`);
    await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(job.getByTestId('bulk-count-failed')).toHaveText('0 failed');
  }

  const urls = ((await service.ok('GET', '/api/urls?limit=100'))['data'] as { urls: { alias: string; longurl: string }[] }).urls;
  expect(urls.map((u) => u.alias).sort()).toEqual(['3NoTitl', '3TokyoQ', '4QwErT', 'cafe-creme', 'launch', 'spring-sale']);
  expect(urls.find((u) => u.alias === '3TokyoQ')?.longurl).toBe('https://example.jp/guide/東京?ref=import');

  // What Bitly knew and no link service holds is in the link's detail: its clicks, its day there, its other tags.
  await page.getByTestId('nav-links').click();
  const links = new LinksPage(page);
  await links.open('spring-sale');
  await expect(links.detail.getByTestId('link-detail-former-clicks')).toHaveText(
    /^2,500,000 clicks before the move, as the Bitly export counted them; created on Bitly Apr 2, 2023; its other tags there: spring and q2 \(imported \w{3} \d{1,2}, \d{4}\)\.$/,
  );
});

test('an Excel workbook is imported as it is: its first sheet recognised, another sheet picked, the links made once', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).connectForm.connect({ name: 'From Excel', baseUrl: service.url, apiKey: service.apiKey });
  await expect(new AppFrame(page).root).toBeVisible();
  const bulk = new BulkPage(page);
  await bulk.open();
  await expect(bulk.root).toHaveAttribute('data-status', 'ready');
  await page.getByText('Import a file', { exact: true }).click();
  await bulk.file.setInputFiles(WORKBOOK);

  // The first sheet ("Links", a Bitly export kept in Excel) is read and recognised; the other can be picked.
  await expect(page.getByTestId('bulk-recognised')).toContainText('Recognised: Bitly export');
  await expect(page.getByTestId('bulk-mapping')).toContainText('3 rows in “links-workbook”, sheet “Links”');
  const sheet = page.getByTestId('bulk-sheet');
  await sheet.getByLabel('Sheet').selectOption('Archive');
  await expect(page.getByTestId('bulk-mapping')).toContainText('1 row in “links-workbook”, sheet “Archive”');
  await sheet.getByLabel('Sheet').selectOption('Links');
  await expect(page.getByTestId('bulk-mapping')).toContainText('sheet “Links”');

  await bulk.mapNext.click();
  await expect(bulk.validCount).toHaveText('3');
  await expect(page.getByTestId('bulk-kept')).toContainText('the click counts at Bitly of 3 links');
  await bulk.jobName.fill('Excel import');
  await expect(bulk.start).toHaveText('Shorten 3 links');
  await bulk.start.click();
  const job = bulk.job('Excel import');
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(job.getByTestId('bulk-count-failed')).toHaveText('0 failed');

  const urls = ((await service.ok('GET', '/api/urls?limit=100'))['data'] as { urls: { alias: string; longurl: string }[] }).urls;
  expect(urls.map((u) => [u.alias, u.longurl]).sort()).toEqual([
    ['3TokyoQ', 'https://example.jp/guide?ref=import'],
    ['cafe-creme', 'https://example.fr/menu/café?lang=fr'],
    ['spring-sale', 'https://shop.example.com/sale?utm_source=import'],
  ]);
  // The date cell and the number of the sheet are kept beside the link as the sheet held them.
  await page.getByTestId('nav-links').click();
  const links = new LinksPage(page);
  await links.open('spring-sale');
  await expect(links.detail.getByTestId('link-detail-former-clicks')).toHaveText(
    /^1,234,567 clicks before the move, as the Bitly export counted them; created on Bitly Apr 2, 2023; its other tags there: spring \(imported \w{3} \d{1,2}, \d{4}\)\.$/,
  );
});
