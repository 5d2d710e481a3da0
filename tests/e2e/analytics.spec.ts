import { AnalyticsPage } from './pages/analytics-page.js';
import { AppFrame } from './pages/app-frame.js';
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
  await expect(analytics.summary(analytics.totalChart)).toHaveAttribute('aria-label', /^Clicks over time, daily from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d: 4 clicks in all, 4 gained in the range\.$/);
  await expect(analytics.summary(analytics.gainedChart)).toHaveAttribute('aria-label', /^Clicks gained per day: 4 in all, most on \d{4}-\d\d-\d\d \(4\)\.$/);
  await expect(analytics.topRow('spring-sale')).toBeVisible();

  // The audience covers the links whose statistics were read; the button reads the rest.
  await expect(analytics.coverage).toHaveText(/of 2 links|none of the 2 links/);
  if (await analytics.fillButton.isVisible()) await analytics.fillButton.click();
  await expect(analytics.coverage).toHaveText(/^From the statistics of 2 of 2 links, read on \d{4}-\d\d-\d\d\.$/);
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
