import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readCsv } from '../support/csv-read.js';
import { startTargetSite, type TargetSite } from '../support/target-sites.js';
import { AppFrame } from './pages/app-frame.js';
import { ExportHealthControls } from './pages/export-health.js';
import { SettingsPage } from './pages/settings-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type RemoteService } from './fixtures.js';

/**
 * Export and link health through the whole app: the links exported as CSV from the mirror (the
 * download read back), then "Check links" against a local target site answering 404 for one
 * link and 200 for the other: a Broken badge, the health filter, the detail's health section,
 * and one link's statistics as CSV. The target site lives on loopback: a first check with the
 * default rules asks it nothing; it is checked once "Also check links to addresses on my own
 * network" is turned on in Settings.
 */

async function createLink(service: RemoteService, body: Record<string, unknown>): Promise<{ id: number; shortUrl: string }> {
  const res = await fetch(`${service.url}/api/url/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${service.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error: number; id: number; shorturl: string };
  expect(json.error, JSON.stringify(json)).toBe(0);
  return { id: json.id, shortUrl: json.shorturl };
}

const row = (page: Page, text: string) => page.getByTestId('link-row').filter({ hasText: text }).first();

let site: TargetSite;
test.beforeAll(async () => {
  site = await startTargetSite();
});
test.afterAll(async () => {
  await site.close();
});

test('export the links as CSV, check their targets, find the broken one by badge and filter', async ({ app, remoteService }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const gone = await createLink(remoteService, { url: `${site.url}/missing`, metatitle: 'Gone page, "quoted"', description: '=1+1' });
  const fine = await createLink(remoteService, { url: `${site.url}/moved`, metatitle: 'Fine page' });

  await new WelcomePage(page).connectForm.connect({ name: 'Health service', baseUrl: remoteService.url, apiKey: remoteService.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('links');
  await expect(page.getByTestId('links-total')).toHaveText(' · 2 links', { timeout: 30_000 });
  const controls = new ExportHealthControls(page);

  // Export: every link as CSV, from the mirror.
  const csvDownload = await controls.exportLinks('CSV of all links');
  expect(csvDownload.suggestedFilename()).toMatch(/^linkdeck-links-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const bytes = readFileSync(await csvDownload.path());
  expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
  const [header, ...records] = readCsv(bytes.toString('utf8'));
  const col = (name: string) => header!.indexOf(name);
  expect(records).toHaveLength(2);
  const byId = new Map(records.map((r) => [Number(r[col('id')]), r]));
  expect(byId.get(gone.id)?.[col('short_url')]).toBe(gone.shortUrl);
  expect(byId.get(gone.id)?.[col('long_url')]).toBe(`${site.url}/missing`);
  expect(byId.get(gone.id)?.[col('title')]).toBe('Gone page, "quoted"');
  expect(byId.get(gone.id)?.[col('note')]).toBe("'=1+1");
  expect(byId.get(fine.id)?.[col('title')]).toBe('Fine page');

  // With the default rules, links into this computer's own network are not asked at all.
  const untouched = site.hits.length;
  await controls.checkLinks('Check all links');
  await expect(controls.progress).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(controls.progress).toHaveText('Checked 2 links · none broken · 2 not checked (private addresses)');
  expect(site.hits.length).toBe(untouched);
  await expect(row(page, 'Gone page').getByTestId('badge-broken')).toHaveCount(0);

  // Turned on in Settings (saved at once), for intranet users.
  await frame.open('settings');
  const settings = new SettingsPage(page);
  await expect(settings.healthOwnNetwork).toHaveAttribute('aria-checked', 'false');
  await settings.healthOwnNetwork.click();
  await expect(settings.healthOwnNetwork).toHaveAttribute('aria-checked', 'true');
  await frame.open('links');
  await expect(page.getByTestId('links-total')).toHaveText(' · 2 links', { timeout: 30_000 });

  // Check every link: straight to the target site.
  const before = site.hits.length;
  await controls.checkLinks('Check all links');
  await expect(controls.progress).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(controls.progress).toHaveText('Checked 2 links · 1 broken');
  expect(site.hits.slice(before).map((h) => `${h.method} ${h.path}`).sort()).toEqual(['HEAD /missing', 'HEAD /moved', 'HEAD /ok']);
  await expect(row(page, 'Gone page').getByTestId('badge-broken')).toHaveText('Broken');
  await expect(row(page, 'Fine page').getByTestId('badge-broken')).toHaveCount(0);

  // The health filter, with its counts.
  await controls.healthFilter.click();
  await expect(page.locator('.n-base-select-option').filter({ hasText: 'Broken' })).toHaveText('Broken (1)');
  await page.locator('.n-base-select-option').filter({ hasText: 'Broken' }).click();
  await expect(page.getByTestId('links-total')).toHaveText(' · 1 link');
  await expect(page.getByTestId('link-row-title')).toHaveText(['Gone page, "quoted"']);

  // The detail says why, and what the chain was; its statistics save as CSV.
  await row(page, 'Gone page').click();
  await expect(page.getByTestId('link-detail')).toHaveAttribute('data-status', 'ready');
  await expect(controls.detailHealth).toHaveAttribute('data-state', 'broken');
  await expect(controls.detailHealthSummary).toHaveText('Broken: 404 Not Found');
  await expect(controls.detailHops).toHaveText([`404 ${site.url}/missing`]);
  const [stats] = await Promise.all([page.waitForEvent('download'), controls.statsCsv.click()]);
  expect(stats.suggestedFilename()).toMatch(/^linkdeck-stats-[\w.-]+-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const statsRows = readCsv(readFileSync(await stats.path(), 'utf8'));
  expect(statsRows[0]).toEqual(['Link', gone.shortUrl, '', '']);
  expect(statsRows.map((r) => r[0])).toEqual(expect.arrayContaining(['Totals', 'Countries', 'Referrers', 'Browsers', 'Operating systems', 'Social networks', 'Clicks over time']));

  // A chart as PNG (drawn by chart.js in the page, on the surface it is shown on).
  const clicksChart = page.getByTestId('link-detail').getByTestId('clicks-chart');
  const [png] = await Promise.all([page.waitForEvent('download'), clicksChart.getByTestId('chart-png').click()]);
  expect(png.suggestedFilename()).toMatch(/^linkdeck-[\w-]+-clicks-over-time\.png$/);
  expect(readFileSync(await png.path()).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
});
