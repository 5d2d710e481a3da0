import { resolve } from 'node:path';
import { AppFrame } from './pages/app-frame.js';
import { BulkPage } from './pages/bulk-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

const SHLINK_EXPORT = resolve(import.meta.dirname, '../fixtures/imports/shlink.csv');

test('a Shlink export is recognised, its short codes become the aliases, and importing it twice makes each link once', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).connectForm.connect({ name: 'Import target', baseUrl: service.url, apiKey: service.apiKey });
  await expect(new AppFrame(page).root).toBeVisible();
  const bulk = new BulkPage(page);
  await bulk.open();
  await expect(bulk.root).toHaveAttribute('data-status', 'ready');

  for (const round of [1, 2]) {
    await page.getByText('Import a CSV file', { exact: true }).click();
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
