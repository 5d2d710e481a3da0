import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { AppFrame } from './pages/app-frame.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type RemoteService } from './fixtures.js';
import { decodePng } from '../support/qr-read.js';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** One visit to a short URL, as a browser would make it: a redirect the service counts. */
async function visit(shortUrl: string, headers: { ua: string; referer?: string; country?: string }): Promise<void> {
  const res = await fetch(shortUrl, {
    redirect: 'manual',
    headers: { 'User-Agent': headers.ua, ...(headers.referer ? { Referer: headers.referer } : {}), ...(headers.country ? { 'CF-IPCountry': headers.country } : {}) },
  });
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

/** The links view's row for a link: by its text, whichever list the view shows. */
const row = (page: Page, text: string) => page.locator('[data-testid="resource-row"], [data-testid="link-row"]').filter({ hasText: text }).first();
const ariaOf = (page: Page, testid: string) => page.getByTestId('link-detail').getByTestId(testid).locator('[role="img"]').first();

test('link detail: charts reflect real clicks over HTTP, refresh shows its cost, QR downloads as PNG and SVG', async ({ app, remoteService }) => {
  test.setTimeout(120_000);
  const { page } = app;

  // Two links, and real visits with varied browsers, systems, referrers and countries.
  const spring = await createLink(remoteService, { url: 'https://example.com/spring-sale', metatitle: 'Spring sale' });
  await createLink(remoteService, { url: 'https://example.com/quiet', metatitle: 'Quiet link' });
  await visit(spring.shortUrl, { ua: UA.chromeWindows, referer: 'https://news.example/today', country: 'US' });
  await visit(spring.shortUrl, { ua: UA.chromeWindows, referer: 'https://news.example/today', country: 'US' });
  await visit(spring.shortUrl, { ua: UA.firefoxLinux, referer: 'https://t.co/abc', country: 'DE' });
  await visit(spring.shortUrl, { ua: UA.safariIphone, referer: 'https://www.facebook.com/', country: 'US' });
  await visit(spring.shortUrl, { ua: UA.safariIphone, country: 'DE' });
  // The service writes clicks in batches after answering the redirects.
  await remoteService.clicksWritten();

  await new WelcomePage(page).connectForm.connect({ name: 'Stats service', baseUrl: remoteService.url, apiKey: remoteService.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('links');
  await expect(row(page, 'Quiet link')).toBeVisible({ timeout: 30_000 });

  await row(page, 'Spring sale').click();
  const detail = page.getByTestId('link-detail');
  await expect(detail).toHaveAttribute('data-status', 'ready');
  await expect(detail.getByTestId('link-detail-short')).toContainText(spring.shortUrl);
  await expect(detail.getByTestId('link-detail-clicks')).toHaveText('5');

  await expect(ariaOf(page, 'chart-countries')).toHaveAttribute('aria-label', 'Top countries: United States 3, Germany 2.');
  await expect(ariaOf(page, 'chart-referrers')).toHaveAttribute('aria-label', /^Top referrers: news\.example 2, .*(t\.co 1|www\.facebook\.com 1).*\.$/);
  await expect(ariaOf(page, 'chart-browsers')).toHaveAttribute('aria-label', /^Browsers: (Chrome 2, Safari 2|Safari 2, Chrome 2), Firefox 1\.$/);
  await expect(ariaOf(page, 'chart-os')).toHaveAttribute('aria-label', /^Operating systems: (Windows 2, iOS 2|iOS 2, Windows 2), Linux 1\.$/);
  await expect(detail.getByTestId('link-detail-social')).toHaveAttribute('aria-label', /Facebook 1/);
  await expect(detail.getByTestId('link-detail-social')).toHaveAttribute('aria-label', /X \(Twitter\) 1/);
  await expect(detail.getByTestId('clicks-chart').locator('canvas')).toHaveAttribute('aria-label', /^Clicks over time: \d+ readings? (on|from) .*5( clicks)?\.$/);
  await expect(detail.getByTestId('link-detail-period')).toHaveText(/^(On .+, 1 reading|From .+ to .+, \d+ readings)\.$/);
  // Charts really drew: chart.js sizes its canvas once it renders.
  await expect(detail.getByTestId('chart-countries').locator('canvas')).toHaveAttribute('style', /height/);

  // A refresh says what it costs, then reads again from the service: a new visit shows.
  const refresh = detail.getByTestId('link-detail-refresh');
  await expect(refresh).toHaveText(/^Refresh · uses 1 of \d+ requests? left$/);
  await visit(spring.shortUrl, { ua: UA.firefoxLinux, country: 'FR' });
  await remoteService.clicksWritten();
  await expect(refresh).toBeEnabled();
  await refresh.click();
  await expect(detail.getByTestId('link-detail-clicks')).toHaveText('6');
  await expect(ariaOf(page, 'chart-countries')).toHaveAttribute('aria-label', 'Top countries: United States 3, Germany 2, France 1.');

  // The QR code: made in the page, downloaded as PNG and SVG with the chosen size and colours.
  const qr = detail.getByTestId('link-qr');
  await expect(qr).toHaveAttribute('data-ready', 'true');
  const [png] = await Promise.all([page.waitForEvent('download'), qr.getByTestId('link-qr-png').click()]);
  expect(png.suggestedFilename()).toMatch(/^qr-\w+\.png$/);
  const pngBytes = readFileSync(await png.path());
  expect(pngBytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  // The PNG's IHDR width: the default 256 px.
  expect(pngBytes.readUInt32BE(16)).toBe(256);
  // What it encodes, read by a scanner (jsqr): exactly the link's short URL.
  expect(decodePng(new Uint8Array(pngBytes))).toBe(spring.shortUrl);

  await qr.getByTestId('link-qr-size').fill('512');
  await qr.getByTestId('link-qr-foreground').fill('#1e3a8a');
  await qr.getByTestId('link-qr-background').fill('#fefce8');
  await expect(qr.getByTestId('link-qr-warning')).toHaveCount(0);
  // data-ready stays true while the new options' code is made (the old one is shown): not busy is the signal.
  await expect(qr).toHaveAttribute('aria-busy', 'false');
  await expect(qr).toHaveAttribute('data-ready', 'true');
  const [svg] = await Promise.all([page.waitForEvent('download'), qr.getByTestId('link-qr-svg').click()]);
  expect(svg.suggestedFilename()).toMatch(/^qr-\w+\.svg$/);
  const svgText = readFileSync(await svg.path(), 'utf8');
  expect(svgText).toContain('<svg');
  expect(svgText).toContain('width="512" height="512"');
  expect(svgText).toContain('stroke="#1e3a8a"');
  expect(svgText).toContain('fill="#fefce8"');

  // Low contrast is warned about.
  await qr.getByTestId('link-qr-foreground').fill('#dddddd');
  await expect(qr.getByTestId('link-qr-warning')).toContainText('Low contrast');
  await qr.getByTestId('link-qr-foreground').fill('#000000');

  // Screenshots of the statistics, light then dark (the app follows the OS theme).
  await page.setViewportSize({ width: 1280, height: 2600 });
  await detail.getByTestId('link-stats').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/linkdeck-link-detail-light.png', fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('.app[data-theme="dark"]')).toBeAttached();
  // Naive UI fades colours over 0.3 s: wait until the drawer itself is dark, not for a fixed time.
  await expect
    .poll(() => page.locator('.n-drawer').evaluate((el) => getComputedStyle(el).backgroundColor.match(/\d+/g)?.slice(0, 3).map(Number).reduce((a, b) => a + b, 0) ?? 765))
    .toBeLessThan(200);
  await expect(detail.getByTestId('chart-countries').locator('canvas')).toBeVisible();
  await page.screenshot({ path: '/tmp/linkdeck-link-detail-dark.png', fullPage: true });
});

test("link detail: /links?open=<id> (linkdeck open ALIAS) opens that link's detail, once", async ({ app, remoteService }) => {
  const { page } = app;
  await createLink(remoteService, { url: 'https://example.com/first', metatitle: 'First link' });
  const wanted = await createLink(remoteService, { url: 'https://example.com/wanted', metatitle: 'Wanted link' });
  await new WelcomePage(page).connectForm.connect({ name: 'Open service', baseUrl: remoteService.url, apiKey: remoteService.apiKey });
  const frame = new AppFrame(page);
  await frame.open('links');
  await expect(row(page, 'Wanted link')).toBeVisible({ timeout: 30_000 });

  // What the Electron shell loads for `linkdeck open`: the same document, the route in the hash.
  await page.evaluate((id) => (location.hash = `#/links?open=${id}`), wanted.id);
  const detail = page.getByTestId('link-detail');
  await expect(detail).toHaveAttribute('data-status', 'ready');
  await expect(detail).toContainText('https://example.com/wanted');
  // The query is taken away once read: a reload does not open it again.
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/links');
});
