import type { Page } from '@playwright/test';
import { AppFrame } from './pages/app-frame.js';
import { LinkEditorPage } from './pages/link-editor-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type CheckedService } from './fixtures.js';


// The expiry picker works in local time: in UTC, what is typed is what the service stores.
test.use({ timezoneId: 'UTC' });

type Details = Record<string, unknown>;

async function detailsOf(service: CheckedService, id: number): Promise<Details> {
  const json = await service.ok('GET', `/api/url/${id}`);
  return json['details'] as Details;
}

async function linkCount(service: CheckedService): Promise<number> {
  const json = await service.ok('GET', '/api/urls?limit=100');
  return (json['data'] as { result: number }).result;
}

async function idOfShortUrl(service: CheckedService, shortUrl: string): Promise<number> {
  const json = await service.ok('GET', '/api/urls?limit=100');
  const found = (json['data'] as { urls: Array<{ id: number; shorturl: string }> }).urls.find((u) => u.shorturl === shortUrl);
  if (!found) throw new Error(`The service has no link ${shortUrl}.`);
  return found.id;
}

/** Connects the app to the service and opens the Links view with the mirror read. */
async function openLinks(page: Page, service: CheckedService): Promise<void> {
  await new WelcomePage(page).connectForm.connect({ name: 'Editor service', baseUrl: service.url, apiKey: service.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('links');
  await expect(page.getByTestId('links-total')).toBeVisible({ timeout: 30_000 });
}

/** Puts the keyboard cursor on the first row of the list. */
async function selectFirstRow(page: Page): Promise<void> {
  await page.getByTestId('resource-links').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid="link-row"][aria-selected="true"]')).toHaveCount(1);
}

test('link editor: a link created with every field is stored field by field on the service', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  // Made on the service before the app connects: the first sync brings them into the mirror.
  const pixel = await service.ok('POST', '/api/pixel/add', { type: 'gapixel', name: 'Site analytics', tag: 'G-ABC1234567' });
  const channel = await service.ok('POST', '/api/channel/add', { name: 'Launch channel' });
  const campaign = await service.ok('POST', '/api/campaign/add', { name: 'Spring campaign' });
  const splash = await service.ok('GET', '/api/splash');
  const splashPage = (splash['data'] as { splash: Array<{ id: number; name: string }> }).splash.find((s) => s.name === 'Product launch');
  expect(splashPage, 'a new user has the sample splash page "Product launch"').toBeDefined();

  await openLinks(page, service);
  await expect(page.getByTestId('links-total')).toHaveText(' · 0 links');
  await page.getByTestId('open-link-editor').click();
  const editor = new LinkEditorPage(page);
  await expect(editor.root).toHaveAttribute('data-phase', 'editing');

  await editor.url.fill('https://example.com/launch');
  await editor.setUtm({ source: 'newsletter', medium: 'email' });
  await editor.custom.fill('launch-2031');
  await editor.chooseRedirect('A custom splash page');
  await editor.chooseSplashPage('Product launch');
  await editor.password.fill('s3cret-pass');
  await editor.setExpiry('2031-06-01 12:30:00');
  await expect(editor.feedback('expiry')).toHaveText('2031-06-01 12:30:00 UTC');
  await editor.setStatus('Public');
  await editor.addTarget('geoTarget', 'Germany (DE)', 'Germany', 'https://example.de/launch');
  await editor.addTarget('deviceTarget', 'iPhone', 'iPhone', 'https://example.com/launch-ios');
  await editor.addTarget('languageTarget', /^French · fr$/, 'French', 'https://example.fr/launch');
  await editor.deepApple.fill('https://apps.apple.com/app/id123456789');
  await editor.deepGoogle.fill('https://play.google.com/store/apps/details?id=com.example.launch');
  await editor.metaTitle.fill('Launch day');
  await editor.metaDescription.fill('Everything about the launch.');
  await editor.metaImage.fill('https://example.com/a.png');
  await editor.note.fill('Made by the end-to-end test');
  await editor.addPixel('Site analytics (gapixel)');
  await editor.chooseChannel('Launch channel');
  await editor.chooseCampaign('Spring campaign');
  await editor.addParameter('ref', 'e2e');
  await expect(editor.root.getByTestId('link-utm-result')).toContainText('utm_source=newsletter');

  await editor.submit.click();
  await expect(editor.shortUrl).toHaveText(/^https?:\/\/\S+\/launch-2031$/, { timeout: 30_000 });
  const shortUrl = (await editor.shortUrl.textContent()) ?? '';

  const id = await idOfShortUrl(service, shortUrl);
  const d = await detailsOf(service, id);
  const longUrl = new URL(String(d['longurl']));
  expect(`${longUrl.origin}${longUrl.pathname}`).toBe('https://example.com/launch');
  expect(longUrl.searchParams.get('utm_source')).toBe('newsletter');
  expect(longUrl.searchParams.get('utm_medium')).toBe('email');
  expect(d['shorturl']).toBe(shortUrl);
  expect(d['alias']).toBe('launch-2031');
  expect(d['custom']).toBe(true);
  expect(d['type']).toBe(String(splashPage!.id));
  expect(d['passwordProtected']).toBe(true);
  expect(d['expiry']).toBe('2031-06-01 12:30:00');
  expect(d['status']).toBe('public');
  expect(d['location']).toEqual({ germany: 'https://example.de/launch' });
  expect(d['device']).toEqual({ iphone: 'https://example.com/launch-ios' });
  expect(d['language']).toEqual({ fr: 'https://example.fr/launch' });
  expect(d['deeplink']).toMatchObject({
    apple: 'https://apps.apple.com/app/id123456789',
    google: 'https://play.google.com/store/apps/details?id=com.example.launch',
  });
  expect(d['metatitle']).toBe('Launch day');
  expect(d['metadescription']).toBe('Everything about the launch.');
  expect(d['metaimage']).toBe('https://example.com/a.png');
  expect(d['description']).toBe('Made by the end-to-end test');
  expect(d['pixels']).toEqual([pixel['id']]);
  expect(d['channel']).toBe(channel['id']);
  expect(d['campaign']).toBe(campaign['id']);
  expect(d['parameters']).toEqual([{ name: 'ref', value: 'e2e' }]);
});

test('link editor: an unsafe URL and a bad alias are refused next to their fields, and nothing is created', async ({ app, service }) => {
  const { page } = app;
  await service.ok('POST', '/api/url/add', { url: 'https://example.com/already-there' });
  await openLinks(page, service);
  await expect(page.getByTestId('links-total')).toHaveText(' · 1 link');

  await page.getByTestId('open-link-editor').click();
  const editor = new LinkEditorPage(page);
  await expect(editor.root).toHaveAttribute('data-phase', 'editing');
  await editor.url.fill('javascript:alert(1)');
  await editor.custom.fill('a b');
  await editor.submit.click();

  await expect(editor.invalid).toBeVisible();
  await expect(editor.feedback('url')).toContainText('"javascript:" scheme');
  await expect(editor.feedback('custom')).toContainText('may contain only letters');
  // Only the two wrong fields complain.
  await expect(editor.feedback('metaTitle')).toHaveCount(0);
  // Nothing was queued: the editor is still editing, the list shows no pending link...
  await expect(editor.root).toHaveAttribute('data-phase', 'editing');
  await expect(page.getByTestId('links-total')).toHaveText(' · 1 link');
  await expect(page.getByTestId('mark-pending')).toHaveCount(0);
  // ...and the service has the one link it had.
  expect(await linkCount(service)).toBe(1);
});

test('link editor: editing changes the meta title, a target and the note on the service; the status stays read-only', async ({ app, service }) => {
  test.setTimeout(90_000);
  const { page } = app;
  const created = await service.ok('POST', '/api/url/add', {
    url: 'https://example.com/editable',
    metatitle: 'Before the edit',
    description: 'A note from creation',
    status: 'public',
    geotarget: [{ location: 'DE', link: 'https://example.de/before' }],
  });
  const id = created['id'] as number;
  await openLinks(page, service);
  await expect(page.getByTestId('links-total')).toHaveText(' · 1 link');

  await selectFirstRow(page);
  await page.keyboard.press('e');
  const editor = new LinkEditorPage(page);
  await expect(editor.root).toHaveAttribute('data-phase', 'editing', { timeout: 30_000 });
  await expect(editor.metaTitle).toHaveValue('Before the edit');
  await expect(editor.targetLink('geoTarget', 0)).toHaveValue('https://example.de/before');

  await expect(editor.note).toHaveValue('A note from creation');
  // Set at creation only: shown, but cannot be changed.
  const statusRadios = editor.status.locator('input[type="radio"]');
  await expect(statusRadios).toHaveCount(2);
  for (const radio of await statusRadios.all()) await expect(radio).toBeDisabled();
  await expect(editor.status.locator('input[type="radio"]:checked')).toHaveValue('public');

  await editor.metaTitle.fill('After the edit');
  await editor.targetLink('geoTarget', 0).fill('https://example.de/after');
  await editor.note.fill('A note changed later');
  await editor.submit.click();
  await expect(editor.root).not.toHaveAttribute('data-phase', /^(editing|checking|saving)$/);

  // The update goes through the outbox: wait until the service has it.
  await expect.poll(async () => (await detailsOf(service, id))['metatitle'], { timeout: 30_000 }).toBe('After the edit');
  const d = await detailsOf(service, id);
  expect(d['location']).toEqual({ germany: 'https://example.de/after' });
  expect(d['description']).toBe('A note changed later');
  // What the editor could not change is as it was.
  expect(d['status']).toBe('public');
  expect(d['longurl']).toBe('https://example.com/editable');
  // And the editor says so, whether the outbox had already sent it or not.
  await expect(editor.root).toHaveAttribute('data-phase', 'done');
  await expect(editor.root.getByTestId('link-editor-outcome')).toContainText('Saved on the service:');
});

test('link editor: a link deleted from the list is gone from the service', async ({ app, service }) => {
  const { page } = app;
  const created = await service.ok('POST', '/api/url/add', { url: 'https://example.com/doomed', metatitle: 'Doomed link' });
  const id = created['id'] as number;
  await openLinks(page, service);
  await expect(page.getByTestId('links-total')).toHaveText(' · 1 link');

  await selectFirstRow(page);
  await expect(page.locator('[data-testid="link-row"][aria-selected="true"] [data-testid="link-row-title"]')).toHaveText('Doomed link');
  await page.keyboard.press('Delete');
  const dialog = page.locator('.n-dialog').filter({ hasText: 'Delete' });
  await expect(dialog).toContainText(String(created['shorturl']));
  await dialog.getByRole('button', { name: 'Delete' }).click();

  // The deletion goes through the outbox: wait until the service no longer has the link.
  await expect.poll(async () => (await service.api('GET', `/api/url/${id}`)).status, { timeout: 30_000 }).toBe(404);
  await expect(page.getByTestId('links-total')).toHaveText(' · 0 links', { timeout: 30_000 });
});
