import type { Page } from '@playwright/test';
import { AppFrame } from './pages/app-frame.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type CheckedService } from './fixtures.js';


type Row = Record<string, unknown>;

async function listOf(service: CheckedService, path: string, collection: string): Promise<Row[]> {
  const json = await service.ok('GET', path);
  return (json['data'] as Record<string, Row[]>)[collection] ?? [];
}

async function connect(page: Page, service: CheckedService): Promise<AppFrame> {
  await new WelcomePage(page).connectForm.connect({ name: 'Domains service', baseUrl: service.url, apiKey: service.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  return frame;
}

/** The service's row of a domain (a refused create stays in the list, marked failed, for the Outbox). */
const row = (page: Page, domain: string) => page.locator(`[data-testid="domain-row"][data-domain="${domain}"]`).filter({ hasNot: page.getByTestId('mark-failed') });
const feedbackOf = (page: Page, form: string, field: string) => page.locator(`[data-testid="${form}"] [data-field="${field}"] .n-form-item-feedback-wrapper`);

test('branded domains: add, edit, delete, and the refusals of the form and the service', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  // A domain a link uses, made on the service before the app reads it.
  const used = (await service.ok('POST', '/api/domain/add', { domain: 'https://promo.example.com' })) as { id: number };
  await service.ok('POST', '/api/url/add', { url: 'https://example.com/spring', custom: 'spring', domain: 'https://promo.example.com' });
  // The same alias on the service's own address: deleting the domain would move its link onto it.
  await service.ok('POST', '/api/url/add', { url: 'https://example.com/spring-home', custom: 'spring' });
  expect(used.id).toBeGreaterThan(0);

  const frame = await connect(page, service);
  await frame.open('domains');
  await expect(row(page, 'https://promo.example.com')).toBeVisible({ timeout: 30_000 });

  // An invalid domain is refused next to the field, and nothing is sent.
  await page.getByTestId('domain-add').click();
  await expect(page.getByTestId('domain-dns-note')).toContainText('must already point to the link service');
  await page.getByTestId('domain-input').fill('go.example.com/path');
  await page.getByTestId('domain-submit').click();
  await expect(feedbackOf(page, 'domain-form', 'domain')).toHaveText('Start the domain with https:// or http://, such as https://go.example.com.');
  await page.getByTestId('domain-input').fill('https://go.example.com/path');
  await expect(feedbackOf(page, 'domain-form', 'domain')).toHaveText('Enter only the scheme and host, without a path: https://go.example.com.');

  // Add.
  await page.getByTestId('domain-input').fill('https://go.example.com');
  await page.getByTestId('domain-root-input').fill('https://example.com/home');
  await page.getByTestId('domain-submit').click();
  await expect(page.getByTestId('domain-form')).toBeHidden({ timeout: 30_000 });
  await expect(row(page, 'https://go.example.com').getByTestId('domain-root')).toHaveText('https://example.com/home');
  const added = (await listOf(service, '/api/domains', 'domains')).find((d) => d['domain'] === 'https://go.example.com');
  expect(added).toMatchObject({ redirectroot: 'https://example.com/home', redirect404: '' });

  // The same domain again: the service refuses it, and says so in words.
  await page.getByTestId('domain-add').click();
  await page.getByTestId('domain-input').fill('https://go.example.com');
  await page.getByTestId('domain-submit').click();
  await expect(page.getByTestId('domain-form-failure')).toContainText('go.example.com', { timeout: 30_000 });
  await page.getByTestId('domain-cancel').click();
  await expect(page.locator('[data-testid="domain-row"][data-domain="https://go.example.com"]').getByTestId('mark-failed')).toBeVisible();
  expect((await listOf(service, '/api/domains', 'domains')).filter((d) => d['domain'] === 'https://go.example.com')).toHaveLength(1);

  // Edit the redirects: a bad one is refused next to the field; emptying one clears it.
  await row(page, 'https://go.example.com').getByTestId('domain-edit').click();
  await page.getByTestId('domain-404-input').fill('not a url');
  await page.getByTestId('domain-submit').click();
  await expect(feedbackOf(page, 'domain-form', 'redirect404')).toContainText('Enter a whole address');
  await page.getByTestId('domain-404-input').fill('https://example.com/missing');
  await page.getByTestId('domain-root-input').fill('');
  await page.getByTestId('domain-submit').click();
  await expect(page.getByTestId('domain-form')).toBeHidden({ timeout: 30_000 });
  await expect(row(page, 'https://go.example.com').getByTestId('domain-404')).toHaveText('https://example.com/missing');
  await expect(row(page, 'https://go.example.com').getByTestId('domain-root')).toHaveText('—');
  expect((await listOf(service, '/api/domains', 'domains')).find((d) => d['domain'] === 'https://go.example.com')).toMatchObject({
    redirectroot: '',
    redirect404: 'https://example.com/missing',
  });

  // Deleting a domain a link uses: the confirmation names the link; the service refuses (alias clash).
  await row(page, 'https://promo.example.com').getByTestId('domain-delete').click();
  await expect(page.getByTestId('domain-delete-usage')).toHaveText('1 link uses this domain: “spring”.');
  await page.getByTestId('domain-delete-yes').click();
  await expect(page.getByTestId('domain-delete-failure')).toContainText('spring', { timeout: 30_000 });
  await page.getByTestId('domain-delete-no').click();
  expect((await listOf(service, '/api/domains', 'domains')).some((d) => d['domain'] === 'https://promo.example.com')).toBe(true);

  // Delete an unused one.
  await row(page, 'https://go.example.com').getByTestId('domain-delete').click();
  await expect(page.getByTestId('domain-delete-usage')).toHaveText('No link uses this domain.');
  await page.getByTestId('domain-delete-yes').click();
  await expect(page.getByTestId('domain-delete-confirm')).toBeHidden({ timeout: 30_000 });
  await expect(row(page, 'https://go.example.com')).toHaveCount(0);
  expect((await listOf(service, '/api/domains', 'domains')).some((d) => d['domain'] === 'https://go.example.com')).toBe(false);
});

test('pixels: create with the tag checked for its type', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const frame = await connect(page, service);
  await frame.open('pixels');
  await expect(page.getByTestId('pixels-note')).toContainText('link editor');

  await page.getByTestId('pixel-add').click();
  await page.getByTestId('pixel-submit').click();
  await expect(feedbackOf(page, 'pixel-form', 'type')).toHaveText('Choose the platform of the pixel.');

  await page.getByTestId('pixel-type').click();
  await page.locator('.n-base-select-option', { hasText: 'Google Tag Manager' }).click();
  await expect(page.getByTestId('pixel-example')).toHaveText('Example: GTM-ABC1234');
  await page.getByTestId('pixel-name').fill('Site tags');
  await page.getByTestId('pixel-tag').fill('12345');
  await page.getByTestId('pixel-submit').click();
  await expect(feedbackOf(page, 'pixel-form', 'tag')).toContainText('That is not a valid Google Tag Manager container ID.');

  await page.getByTestId('pixel-tag').fill('gtm-abc1234');
  await page.getByTestId('pixel-submit').click();
  await expect(page.getByTestId('pixel-form')).toBeHidden({ timeout: 30_000 });
  const table = page.getByTestId('resource-pixels');
  await expect(table.locator('tr', { hasText: 'Site tags' })).toContainText('GTM-ABC1234');
  await expect(table.locator('tr', { hasText: 'Site tags' })).toContainText('Google Tag Manager');
  expect(await listOf(service, '/api/pixels', 'pixels')).toEqual([expect.objectContaining({ type: 'gtmpixel', name: 'Site tags', tag: 'GTM-ABC1234' })]);
});

test('pixels: edit the name and tag (checked for the type), then delete after a confirmation', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await service.ok('POST', '/api/pixel/add', { type: 'gtmpixel', name: 'Site tags', tag: 'GTM-ABC1234' });
  const frame = await connect(page, service);
  await frame.open('pixels');
  const table = page.getByTestId('resource-pixels');
  const rowOf = (name: string) => table.locator('tr', { hasText: name });
  await expect(rowOf('Site tags')).toContainText('GTM-ABC1234', { timeout: 30_000 });

  // Edit: the platform stays; a tag of another format is refused next to the field.
  await rowOf('Site tags').getByTestId('pixel-edit').click();
  await expect(page.getByTestId('pixel-form')).toContainText('Edit the pixel “Site tags”');
  await page.getByTestId('pixel-name').fill('All pages');
  await page.getByTestId('pixel-tag').fill('G-ABC123DEF4');
  await page.getByTestId('pixel-submit').click();
  await expect(feedbackOf(page, 'pixel-form', 'tag')).toContainText('That is not a valid Google Tag Manager container ID.');
  await page.getByTestId('pixel-tag').fill('gtm-xyz9876');
  await page.getByTestId('pixel-submit').click();
  await expect(page.getByTestId('pixel-form')).toBeHidden({ timeout: 30_000 });
  await expect(rowOf('All pages')).toContainText('GTM-XYZ9876');
  expect(await listOf(service, '/api/pixels', 'pixels')).toEqual([expect.objectContaining({ type: 'gtmpixel', name: 'All pages', tag: 'GTM-XYZ9876' })]);

  // Delete: nothing happens until confirmed.
  await rowOf('All pages').getByTestId('pixel-delete').click();
  await expect(page.getByTestId('confirm-delete-message')).toContainText('Links that use it stop loading it');
  await page.getByTestId('confirm-delete-no').click();
  await expect(page.getByTestId('confirm-delete')).toBeHidden();
  expect(await listOf(service, '/api/pixels', 'pixels')).toHaveLength(1);
  await rowOf('All pages').getByTestId('pixel-delete').click();
  await page.getByTestId('confirm-delete-yes').click();
  await expect(page.getByTestId('confirm-delete')).toBeHidden({ timeout: 30_000 });
  await expect(rowOf('All pages')).toHaveCount(0);
  expect(await listOf(service, '/api/pixels', 'pixels')).toEqual([]);
});
