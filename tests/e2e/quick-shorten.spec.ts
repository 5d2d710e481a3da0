import { expect, test, type RemoteService } from './fixtures.js';
import { QuickShortenPage } from './pages/quick-shorten-page.js';

/** The links the service holds, read with the profile's key. */
async function serviceLinks(remote: RemoteService): Promise<Array<{ shorturl: string; longurl: string; alias: string }>> {
  const res = await fetch(`${remote.url}/api/urls?limit=100`, { headers: { Authorization: `Bearer ${remote.apiKey}` } });
  const json = (await res.json()) as { data: { urls: Array<{ shorturl: string; longurl: string; alias: string }> } };
  return json.data.urls;
}

test.describe('quick shorten (web shell)', () => {
  test.beforeEach(async ({ app, remoteService }) => {
    const connected = await app.backend.router.dispatch('profiles:connect', { name: 'Quick test', baseUrl: remoteService.url, apiKey: remoteService.apiKey });
    expect(connected.ok).toBe(true);
  });

  test('#/quick?url=… → Enter: the link exists on the service and its short URL is shown', async ({ app, remoteService }) => {
    const quick = new QuickShortenPage(app.page);
    const target = 'https://example.com/quick/landing?ref=e2e';
    await quick.open(new URL(app.shell.url).origin, target);
    await expect(quick.root).toBeVisible();
    await expect(app.page.getByTestId('app-frame')).toHaveCount(0);
    await expect(quick.url).toHaveValue(target);
    await quick.alias.fill('quick-e2e');
    await quick.url.press('Enter');

    await expect(quick.shortUrl).toHaveText(/\/quick-e2e$/, { timeout: 30_000 });
    const shown = (await quick.shortUrl.textContent()) ?? '';
    // Copied through the browser where it may; either way the window says which it is.
    await expect(quick.copied).toHaveText(/^(Copied|Not copied: .*)$/);
    const links = await serviceLinks(remoteService);
    expect(links).toContainEqual(expect.objectContaining({ shorturl: shown, longurl: target }));
  });

  test('a URL that cannot be shortened is refused next to the field, and nothing is sent', async ({ app, remoteService }) => {
    const quick = new QuickShortenPage(app.page);
    await quick.open(new URL(app.shell.url).origin);
    await quick.url.fill('javascript:alert(1)');
    await quick.alias.fill('a b');
    await quick.alias.press('Enter');
    await expect(quick.urlError).toContainText('"javascript:" scheme');
    await expect(quick.aliasError).toContainText('only letters');
    await expect(quick.url).toHaveAttribute('aria-invalid', 'true');
    await expect(quick.shortUrl).toHaveCount(0);
    expect(await serviceLinks(remoteService)).toHaveLength(0);
  });

  test('Esc closes the window', async ({ app }) => {
    const quick = new QuickShortenPage(app.page);
    await quick.open(new URL(app.shell.url).origin, 'https://example.com/esc');
    await expect(quick.url).toHaveValue('https://example.com/esc');
    // A browser tab may ignore window.close(): record the call instead of losing the page.
    await app.page.evaluate(() => {
      window.close = () => {
        document.documentElement.dataset['closed'] = 'yes';
      };
    });
    await quick.url.press('Escape');
    await expect(app.page.locator('html')).toHaveAttribute('data-closed', 'yes');
  });
});
