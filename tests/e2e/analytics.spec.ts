import { AnalyticsPage } from './pages/analytics-page.js';
import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type RemoteService } from './fixtures.js';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

/** One visit to a short URL, as a browser makes it: a redirect the service counts. */
async function visit(shortUrl: string, ua: string, country: string): Promise<void> {
  const res = await fetch(shortUrl, { redirect: 'manual', headers: { 'User-Agent': ua, 'CF-IPCountry': country } });
  expect(res.status, `visiting ${shortUrl}`).toBe(302);
}

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

test('analytics: totals, exact clicks over time, the world map of the links read, and a comparison', async ({ app, remoteService }) => {
  test.setTimeout(120_000);
  const { page } = app;

  // A known click history, made by real redirects: 3 clicks on one link, 1 on the other.
  const spring = await createLink(remoteService, { url: 'https://example.com/spring', custom: 'spring-sale' });
  const quiet = await createLink(remoteService, { url: 'https://example.com/quiet', custom: 'quiet-link' });
  await visit(spring.shortUrl, UA.chromeWindows, 'US');
  await visit(spring.shortUrl, UA.chromeWindows, 'US');
  await visit(spring.shortUrl, UA.firefoxLinux, 'DE');
  await visit(quiet.shortUrl, UA.firefoxLinux, 'FR');
  await remoteService.clicksWritten();

  await new WelcomePage(page).connectForm.connect({ name: 'Analytics service', baseUrl: remoteService.url, apiKey: remoteService.apiKey });
  await expect(new AppFrame(page).root).toBeVisible();
  const analytics = new AnalyticsPage(page);
  await analytics.open();

  // Totals from the mirror once the first sync has read the links.
  await expect(analytics.totals).toHaveText('4 clicks on 2 links', { timeout: 30_000 });
  // Linkdeck's own service offers click timelines: exact, counted from its click rows.
  await expect(analytics.totalChart).toHaveAttribute('data-source', 'service');
  await expect(analytics.summary(analytics.totalChart)).toHaveAttribute('aria-label', /^Clicks over time, daily from \w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4}: 4 clicks in all, 4 gained in the range\.$/);
  await expect(analytics.summary(analytics.gainedChart)).toHaveAttribute('aria-label', /^Clicks gained per day: 4 in all, most on \w{3} \d{1,2}, \d{4} \(4\)\.$/);
  await expect(analytics.topRow('spring-sale')).toBeVisible();

  // The audience covers the links whose statistics were read; the button reads the rest.
  await expect(analytics.coverage).toHaveText(/of 2 links|none of the 2 links/);
  if (await analytics.fillButton.isVisible()) await analytics.fillButton.click();
  await expect(analytics.coverage).toHaveText(/^From the statistics of 2 of 2 links, read on \w{3} \d{1,2}, \d{4}\.$/);
  await expect(analytics.summary(page.getByTestId('world-map'))).toHaveAttribute('aria-label', 'Clicks by country: United States 2, France 1, Germany 1.');
  // The map really drew under the page's CSP (no eval, nothing fetched): chart.js sized its canvas.
  await expect(analytics.map).toHaveAttribute('style', /height/);

  // Compare the two links on one chart.
  await analytics.topRow('spring-sale').getByTestId('analytics-compare-link').check();
  await analytics.topRow('quiet-link').getByTestId('analytics-compare-link').check();
  await expect(analytics.summary(analytics.compareChart)).toHaveAttribute('aria-label', /^Clicks gained, daily from .+: spring-sale 3, quiet-link 1\.$/);

  // A top link opens its detail.
  await analytics.topRow('spring-sale').getByTestId('analytics-open-link').click();
  await expect(page.getByTestId('link-detail')).toHaveAttribute('data-status', 'ready');
});

/**
 * Issue 28, item 6: the local workspace (no rate limit) right after visits that no sync has read
 * yet. Every figure on the page tells the same story: the header, the charts, the top link's
 * gain and total, the channel totals, and who clicked (read without asking, as it costs nothing).
 */
test('analytics on the local workspace: every figure agrees right after visits, and who clicked is read without asking', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const links = new LinksPage(page);
  const analytics = new AnalyticsPage(page);

  // Three links, made in the app; none clicked yet.
  const shortUrls: string[] = [];
  for (const url of ['https://example.com/first', 'https://example.com/second', 'https://example.com/third']) {
    if (shortUrls.length === 0) await links.create(url);
    else {
      await links.newLinkOutcome.getByTestId('new-link-again').click();
      await links.newLinkUrl.fill(url);
      await links.newLinkSubmit.click();
    }
    const shown = links.newLinkOutcome.getByTestId('new-link-short-url');
    await expect(shown).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
    shortUrls.push((await shown.textContent()) ?? '');
  }
  const shortUrl = shortUrls[0] as string;
  await expect(links.row('example.com/third')).toBeVisible();
  // Before any click: empty charts say so instead of drawing a scale.
  await analytics.open();
  await expect(analytics.totals).toHaveText('0 clicks on 3 links');
  await expect(page.getByTestId('world-map-empty')).toHaveText('No clicks yet.');
  await expect(page.getByTestId('world-map-canvas')).toHaveCount(0);
  await expect(page.getByTestId('analytics-total-chart-empty')).toHaveText('No clicks yet.');
  await expect(page.getByTestId('analytics-gained-chart-empty')).toHaveText('No clicks yet.');

  // Twelve real visits to one link, which no sync has read.
  await new AppFrame(page).open('links');
  for (let i = 0; i < 12; i++) await visit(shortUrl, i % 2 ? UA.firefoxLinux : UA.chromeWindows, i < 8 ? 'US' : 'DE');
  await analytics.open();

  // The first screen that shows the 12 clicks shows them everywhere at once: the figures are read
  // without waiting once the chart has them (they used to say 0 until a sync caught up).
  await expect(analytics.summary(analytics.totalChart)).toHaveAttribute('aria-label', /: 12 clicks in all, 12 gained in the range\.$/);
  const alias = shortUrl.split('/').pop() ?? '';
  const top = analytics.topRow(alias);
  const figures = {
    totals: await analytics.totals.textContent(),
    gainedChart: await analytics.summary(analytics.gainedChart).getAttribute('aria-label'),
    topGained: await top.getByTestId('analytics-link-gained').textContent(),
    topClicks: await top.getByTestId('analytics-link-clicks').textContent(),
    channels: (await page.getByTestId('analytics-channels').getByTestId('analytics-group-row').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()),
  };
  expect(figures).toEqual({
    totals: '12 clicks on 3 links',
    gainedChart: expect.stringMatching(/^Clicks gained per day: 12 in all, /),
    topGained: '+12',
    topClicks: '12',
    channels: [expect.stringMatching(/^No channel ?3 links · 12 clicks · \+12/)],
  });
  // Who clicked: read by itself (no button on a workspace without a rate limit), and it counts the same 12.
  await expect(analytics.coverage).toHaveText(/^From the statistics of 3 of 3 links, read on \w{3} \d{1,2}, \d{4}\.$/);
  await expect(analytics.fillButton).toHaveCount(0);
  await expect(analytics.summary(page.getByTestId('world-map'))).toHaveAttribute('aria-label', 'Clicks by country: United States 8, Germany 4.');
});
