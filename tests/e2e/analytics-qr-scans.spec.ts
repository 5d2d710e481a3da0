import { AnalyticsPage } from './pages/analytics-page.js';
import { AppFrame } from './pages/app-frame.js';
import { QrCodesPage } from './pages/qr-codes-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type RemoteService } from './fixtures.js';

/*
 * Issue 37, item 1: once QR codes are scanned, the Analytics page tells one story. Links' clicks
 * and QR codes' scans are shown apart (electron/shared/analytics-counts.ts): the header, both
 * click charts, the top links and the channel totals count the 5 clicks; the scans (7, of the
 * QR codes' hidden links) have their own figure and chart, and appear in no click figure. Every
 * visit is a real redirect through the local service.
 */

async function api(service: RemoteService, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${service.apiKey}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(json['error'], `${method} ${path}: ${JSON.stringify(json)}`).toBe(0);
  return json;
}

async function visit(url: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await fetch(url, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' } });
    expect(res.status, `visiting ${url}`).toBe(302);
  }
}

test('analytics with scanned QR codes: clicks and scans apart, and every figure agrees', async ({ app, remoteService }) => {
  test.setTimeout(120_000);
  const { page } = app;

  // Two links (3 + 2 clicks) and two dynamic QR codes whose hidden links are scanned (4 + 3).
  const spring = await api(remoteService, 'POST', '/api/url/add', { url: 'https://example.com/spring', custom: 'spring-sale' });
  const quiet = await api(remoteService, 'POST', '/api/url/add', { url: 'https://example.com/quiet', custom: 'quiet-link' });
  await visit(spring['shorturl'] as string, 3);
  await visit(quiet['shorturl'] as string, 2);
  for (const [name, scans] of [['Menu poster', 4], ['Door sticker', 3]] as const) {
    const made = await api(remoteService, 'POST', '/api/qr/add', { type: 'link', data: `https://example.com/${scans}`, name });
    const single = await api(remoteService, 'GET', `/api/qr/${made['id'] as number}`);
    const hidden = (single['details'] as Record<string, unknown>)['shorturl'] as string;
    expect(hidden).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
    await visit(hidden, scans);
  }
  await remoteService.clicksWritten();

  await new WelcomePage(page).connectForm.connect({ name: 'Scans service', baseUrl: remoteService.url, apiKey: remoteService.apiKey });
  await expect(new AppFrame(page).root).toBeVisible();
  const analytics = new AnalyticsPage(page);
  await analytics.open();

  await expect(analytics.totals).toHaveText('5 clicks on 2 links', { timeout: 30_000 });
  await expect(analytics.totalChart).toHaveAttribute('data-source', 'service');
  const scansChart = page.getByTestId('analytics-scans-chart');
  const figures = {
    totals: await analytics.totals.textContent(),
    scans: (await page.getByTestId('analytics-scans').textContent())?.trim(),
    totalChart: await analytics.summary(analytics.totalChart).getAttribute('aria-label'),
    gainedChart: await analytics.summary(analytics.gainedChart).getAttribute('aria-label'),
    scansChart: await analytics.summary(scansChart).getAttribute('aria-label'),
    top: (await analytics.topLinks.getByTestId('analytics-link-row').allTextContents()).length,
    topGained: await Promise.all(
      ['spring-sale', 'quiet-link'].map((alias) => analytics.topRow(alias).getByTestId('analytics-link-gained').textContent()),
    ),
    channels: (await page.getByTestId('analytics-channels').getByTestId('analytics-group-row').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()),
    freshness: await page.getByTestId('analytics-freshness').count(),
  };
  expect(figures).toEqual({
    totals: '5 clicks on 2 links',
    scans: ', and apart from them 7 scans of 2 QR codes',
    totalChart: expect.stringMatching(/: 5 clicks in all, 5 gained in the range\.$/),
    gainedChart: expect.stringMatching(/^Clicks gained per day: 5 in all, /),
    scansChart: expect.stringMatching(/^Scans over time, .+: 7 scans in all, 7 gained in the range\.$/),
    // Only the two links: no QR code's hidden link among the top links.
    top: 2,
    topGained: ['+3', '+2'],
    channels: [expect.stringMatching(/^No channel ?2 links · 5 clicks · \+5/)],
    // The chart and the totals agree: nothing to explain.
    freshness: 0,
  });

  // The QR codes section says the same scans as the page, without a "Refresh scans".
  await new QrCodesPage(page).open();
  const row = (name: string) => page.getByTestId('qr-view').locator('tbody tr').filter({ hasText: name });
  await expect(row('Menu poster').locator('td').nth(-3)).toHaveText('4');
  await expect(row('Door sticker').locator('td').nth(-3)).toHaveText('3');
  // …and so does a code's detail, saying when its figures were read.
  await page.getByTestId('qr-open').filter({ hasText: 'Menu poster' }).click();
  await expect(page.getByTestId('qr-detail-scans')).toHaveText('4');
  await expect(page.getByTestId('qr-detail-read')).toHaveText(/^read \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$|^not read from the service yet$/);
});
