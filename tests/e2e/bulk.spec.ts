import { readFileSync } from 'node:fs';
import { parseCsv } from '../../electron/shared/csv.js';
import { AppFrame } from './pages/app-frame.js';
import { BulkPage } from './pages/bulk-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

const URLS = [1, 2, 3, 4, 5].map((i) => `https://example.com/bulk-e2e/${i}`);

test('bulk shorten: pasted URLs are checked, the bad one left out, the job runs to the end and its results download', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).connectForm.connect({ name: 'Bulk service', baseUrl: service.url, apiKey: service.apiKey });
  await expect(new AppFrame(page).root).toBeVisible();
  const bulk = new BulkPage(page);
  await bulk.open();
  await expect(bulk.root).toHaveAttribute('data-status', 'ready');

  // Five good URLs and, on line 4, one a link may not lead to.
  await bulk.paste.fill([URLS[0], URLS[1], URLS[2], 'ftp://files.example.com/report.pdf', URLS[3], '', URLS[4]].join('\n'));
  await bulk.pasteNext.click();
  await expect(bulk.preview).toBeVisible();
  await expect(bulk.validCount).toHaveText('5');
  await expect(bulk.invalidCount).toHaveText('1');
  await expect(bulk.badRows).toHaveCount(1);
  await expect(bulk.badRow(4)).toContainText('Line 4');
  await expect(bulk.badRow(4)).toContainText('"ftp:" scheme');

  await bulk.jobName.fill('E2E launch links');
  await bulk.start.click();
  const job = bulk.job('E2E launch links');
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(job.getByTestId('bulk-count-created')).toHaveText('5 created');
  await expect(job.getByTestId('bulk-count-failed')).toHaveText('0 failed');
  // The import went back to its first step for the next job.
  await expect(bulk.paste).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), job.getByTestId('bulk-download').click()]);
  expect(download.suggestedFilename()).toBe('e2e-launch-links-results.csv');
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  const { records, problems } = parseCsv(text);
  expect(problems).toEqual([]);
  expect(records[0]?.fields).toEqual(['row', 'url', 'alias', 'channel', 'campaign', 'domain', 'status', 'short_url', 'link_id', 'error', 'notes']);
  const lines = records.slice(1).map((r) => r.fields);
  expect(lines.map((f) => [f[0], f[1], f[6]])).toEqual(URLS.map((url, i) => [String(i + 1), url, 'created']));

  // Every link exists on the service once, under the short URL and id the file gives.
  const onService = ((await service.ok('GET', '/api/urls?limit=100'))['data'] as { urls: { id: number; shorturl: string; longurl: string }[] }).urls;
  expect(onService).toHaveLength(5);
  for (const f of lines) {
    const link = onService.find((l) => l.longurl === f[1]);
    expect(link, f[1]).toBeDefined();
    expect(link?.shorturl).toBe(f[7]);
    expect(String(link?.id)).toBe(f[8]);
  }

  // Jobs are kept: the view shows the job again after a reload.
  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeAttached();
  await bulk.open();
  await expect(bulk.job('E2E launch links')).toHaveAttribute('data-status', 'done');
});
