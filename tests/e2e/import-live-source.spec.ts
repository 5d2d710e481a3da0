import { AppFrame } from './pages/app-frame.js';
import { BulkPage } from './pages/bulk-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';
import { kuttLinks, startKuttDouble } from '../support/kutt-double.js';

test('links fetched from a live Kutt go through the mapping step and are made with their aliases and expiry', async ({ app, service }) => {
  test.setTimeout(120_000);
  // The scripted Kutt listens on loopback: the person ticks "The service is on my own network".
  const kutt = await startKuttDouble({ key: 'kutt-key-1', links: kuttLinks(3) });
  try {
    const { page } = app;
    await new WelcomePage(page).connectForm.connect({ name: 'Import target', baseUrl: service.url, apiKey: service.apiKey });
    await expect(new AppFrame(page).root).toBeVisible();
    const bulk = new BulkPage(page);
    await bulk.open();
    await expect(bulk.root).toHaveAttribute('data-status', 'ready');

    await page.getByText('From another service', { exact: true }).click();
    await page.getByTestId('live-address').fill(kutt.url);
    await page.getByTestId('live-key').fill('kutt-key-1');
    await page.getByTestId('live-own-network').click();
    await page.getByTestId('live-fetch').click();

    const recognised = page.getByTestId('bulk-recognised');
    await expect(recognised).toContainText(`Recognised: Kutt at ${new URL(kutt.url).host}`);
    await expect(recognised).toContainText('1 link has a password in Kutt');
    expect(kutt.requests.every((r) => r.headers['x-api-key'] === 'kutt-key-1')).toBe(true);
    await bulk.mapNext.click();
    await expect(bulk.validCount).toHaveText('3');
    await bulk.jobName.fill('Kutt live import');
    await bulk.start.click();
    const job = bulk.job('Kutt live import');
    await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(job.getByTestId('bulk-count-failed')).toHaveText('0 failed');

    const urls = ((await service.ok('GET', '/api/urls?limit=100'))['data'] as { urls: { alias: string; longurl: string }[] }).urls;
    expect(urls.map((u) => [u.alias, u.longurl]).sort()).toEqual([
      ['kutt-0', 'https://example.com/kutt/0'],
      ['kutt-1', 'https://example.com/kutt/1'],
      ['kutt-2', 'https://example.com/kutt/2'],
    ]);
  } finally {
    await kutt.close();
  }
});
