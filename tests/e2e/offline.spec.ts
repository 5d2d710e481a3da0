import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, SEEDED_LINKS, test } from './offline-fixtures.js';

const NEW_URL = 'https://example.com/written-on-a-plane';

/**
 * Offline for real: the app reaches the service only through the fault proxy, which refuses
 * connections while "offline". Everything browsed then comes from the profile's mirror.
 */
test('offline: browse, search, open a link and its chart from the mirror; a link created offline is sent when back online', async ({ app, proxiedService }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const { proxy } = proxiedService;
  const frame = new AppFrame(page);
  const links = new LinksPage(page);

  await new WelcomePage(page).connectForm.connect({ name: 'Proxied service', baseUrl: proxiedService.url, apiKey: proxiedService.apiKey });
  await expect(frame.root).toBeVisible();
  await frame.open('links');

  // The first sync fills the mirror: every seeded link is there (the list renders only what fits).
  await expect(links.total).toHaveText(` · ${SEEDED_LINKS} links`, { timeout: 30_000 });
  await expect(links.freshness).toHaveText(/^Copy on this computer · synced (now|\d+ minutes? ago)$/);

  // Opened online: details read from the service, charted from the snapshots kept. (Searched
  // first: the virtual list renders only the rows that fit.)
  await links.search.fill('example.com/seeded/7');
  await links.open('Seeded link 07');
  await expect(links.detail).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('link-detail-long')).toHaveText('https://example.com/seeded/7');
  await expect(links.detailOrigin).toHaveText(/^Figures from the copy on this computer, read (now|\d+ minutes? ago)\.$/);
  await expect(links.chart.locator('canvas')).toHaveAttribute('aria-label', /^Clicks over time: \d+ readings? (on|from) .+ 0( clicks)?\.$/);
  await links.closeDetail();
  await expect(links.detail).toBeHidden();
  await links.search.fill('');

  await proxy.offline();

  // Opening a section asks the service for what it shows: the refused connection marks the profile offline.
  await frame.open('channels');
  await expect(frame.connection).toHaveText('Offline', { timeout: 30_000 });
  await expect(page.getByTestId('freshness')).toHaveText(/ · offline$/);

  // Browsing, searching and opening: the mirror answers.
  await frame.open('links');
  await expect(links.total).toHaveText(` · ${SEEDED_LINKS} links`);
  await expect(links.freshness).toHaveText(/ · offline$/);
  // A pasted URL, not "Seeded link 12": the prefix "12" also matches the loopback short URLs (127.0.0.1).
  await links.search.fill('example.com/seeded/12');
  await expect(links.rows).toHaveCount(1);
  await expect(links.rows.first()).toContainText('https://example.com/seeded/12');
  await links.search.fill('');
  await expect(links.total).toHaveText(` · ${SEEDED_LINKS} links`);
  await links.search.fill('example.com/seeded/7');
  await links.open('Seeded link 07');
  await expect(links.detail).toHaveAttribute('data-status', 'ready');
  await expect(links.detailOrigin).toContainText('Offline: figures from the copy on this computer');
  await expect(page.getByTestId('link-detail-title')).toHaveText('Seeded link 07');
  await expect(page.getByTestId('link-detail-long')).toHaveText('https://example.com/seeded/7');
  await expect(links.chart.locator('canvas')).toHaveAttribute('aria-label', /^Clicks over time: \d+ readings? (on|from) /);
  await expect(links.detail).toBeVisible();
  await links.closeDetail();
  await expect(links.detail).toBeHidden();
  await links.search.fill('');

  // A link created offline: shown at once as pending, waiting in the outbox.
  await links.create(NEW_URL);
  const pendingRow = links.row(NEW_URL);
  await expect(pendingRow.getByTestId('mark-pending')).toHaveText('Pending create');
  await expect(links.newLinkOutcome).toHaveAttribute('data-phase', 'sending');
  await expect(page.getByTestId('outbox-count')).toHaveAttribute('data-count', '1');

  await proxy.online();

  // The app notices on its own (probes back off from 2 s): the link is sent, the mark clears.
  await expect(frame.connection).toHaveText('Online', { timeout: 60_000 });
  await expect(links.newLinkOutcome).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  const shortUrl = (await page.getByTestId('new-link-short-url').textContent())?.trim() ?? '';
  expect(shortUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+/);
  await expect(links.row(NEW_URL).getByTestId('mark-pending')).toHaveCount(0);
  await expect(links.row(NEW_URL).getByTestId('link-row-short')).toHaveAttribute('title', shortUrl);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);

  // And it exists on the service, once.
  const found = await proxiedService.api('GET', `/api/urls?q=${encodeURIComponent('written-on-a-plane')}`);
  const urls = (found['data'] as { urls: Array<{ longurl: string; shorturl: string }> }).urls;
  expect(urls.filter((u) => u.longurl === NEW_URL)).toHaveLength(1);
});
