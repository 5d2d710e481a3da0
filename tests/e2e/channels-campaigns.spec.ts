import type { Page } from '@playwright/test';
import { AppFrame } from './pages/app-frame.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type CheckedService } from './fixtures.js';


interface ServiceChannel {
  id: number;
  name: string;
  description: string;
  color: string;
  starred: boolean;
}
interface ServiceCampaign {
  id: number;
  name: string;
  public: boolean;
  rotator: string | false;
}

async function channelsOf(service: CheckedService): Promise<ServiceChannel[]> {
  return ((await service.ok('GET', '/api/channels?limit=100'))['data'] as { channels: ServiceChannel[] }).channels;
}
async function campaignsOf(service: CheckedService): Promise<ServiceCampaign[]> {
  return ((await service.ok('GET', '/api/campaigns?limit=100'))['data'] as { campaigns: ServiceCampaign[] }).campaigns;
}

async function connect(page: Page, service: CheckedService): Promise<AppFrame> {
  await new WelcomePage(page).connectForm.connect({ name: 'Channels service', baseUrl: service.url, apiKey: service.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  // The links reach the mirror with the first sync: the pickers search them there.
  await frame.open('links');
  await expect(page.getByTestId('links-total')).toContainText('1 link', { timeout: 30_000 });
  return frame;
}

/** Picks the seeded link in the drawer's picker and assigns it. */
async function assignSeededLink(page: Page): Promise<void> {
  await page.getByTestId('link-assigner-select').click();
  await page.keyboard.type('seeded1');
  await page.locator('.n-base-select-option', { hasText: '/seeded1' }).click();
  await page.getByTestId('link-assigner-submit').click();
  await expect(page.getByTestId('link-assigner')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
}

test('channels: create with validation, edit, assign a link, delete', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const link = await service.ok('POST', '/api/url/add', { url: 'https://example.com/seeded', custom: 'seeded1', title: 'Seeded' });
  const frame = await connect(page, service);
  await frame.open('channels');
  await expect(page.getByTestId('channels-view')).toBeVisible();

  // Missing name and a colour that is not HEX: told next to the fields, nothing sent.
  await page.getByTestId('channel-new').click();
  await page.getByTestId('channel-color').fill('blue');
  await page.getByTestId('channel-save').click();
  await expect(page.locator('[data-testid="channel-form"] [data-field="name"]')).toContainText('The name is required');
  await expect(page.locator('[data-testid="channel-form"] [data-field="color"]')).toContainText('HEX colour such as #1a73e8');
  expect(await channelsOf(service)).toEqual([]);

  await page.getByTestId('channel-name').fill('Newsletter');
  await page.getByTestId('channel-description').fill('Weekly mail');
  await page.getByTestId('channel-color').fill('#1A73E8');
  await page.getByTestId('channel-starred').click();
  await page.getByTestId('channel-save').click();
  await expect(page.getByTestId('channel-form')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('channel-row-name')).toHaveText(['Newsletter']);
  const [created] = await channelsOf(service);
  expect(created).toMatchObject({ name: 'Newsletter', description: 'Weekly mail', color: '#1a73e8', starred: true });

  // Edit.
  await page.getByTestId('channel-edit').click();
  await page.getByTestId('channel-name').fill('Weekly newsletter');
  await page.getByTestId('channel-save').click();
  await expect(page.getByTestId('channel-form')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('channel-row-name')).toHaveText(['Weekly newsletter']);
  expect((await channelsOf(service))[0]).toMatchObject({ id: created!.id, name: 'Weekly newsletter' });

  // The channel page: assign the link, which then shows among its items.
  await page.getByTestId('channel-row').click();
  await expect(page.getByTestId('channel-detail')).toHaveAttribute('data-status', 'ready');
  await assignSeededLink(page);
  const items = ((await service.ok('GET', `/api/channel/${created!.id}`))['data'] as { items: Array<{ id: number }> }).items;
  expect(items.map((i) => i.id)).toEqual([link['id']]);
  await expect(page.getByTestId('channel-item')).toHaveCount(1, { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('channel-detail')).toBeHidden();

  // Delete: the confirmation says the items are unassigned.
  await page.getByTestId('channel-delete').click();
  await expect(page.getByTestId('confirm-delete-message')).toContainText('unassigned');
  await page.getByTestId('confirm-delete-yes').click();
  await expect(page.getByTestId('confirm-delete')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('channel-row')).toHaveCount(0);
  expect(await channelsOf(service)).toEqual([]);
});

test('campaigns: create, a slug the service refuses, edit, assign a link, delete', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const link = await service.ok('POST', '/api/url/add', { url: 'https://example.com/seeded', custom: 'seeded1', title: 'Seeded' });
  const frame = await connect(page, service);
  await frame.open('campaigns');
  await expect(page.getByTestId('campaigns-view')).toBeVisible();

  // Missing name and a slug with spaces: told next to the fields.
  await page.getByTestId('campaign-new').click();
  await page.getByTestId('campaign-slug').fill('spring sale');
  await page.getByTestId('campaign-save').click();
  await expect(page.locator('[data-testid="campaign-form"] [data-field="name"]')).toContainText('The name is required');
  await expect(page.locator('[data-testid="campaign-form"] [data-field="slug"]')).toContainText('only letters, digits');

  await page.getByTestId('campaign-name').fill('Spring');
  await page.getByTestId('campaign-slug').fill('spring');
  await page.getByTestId('campaign-public').click();
  await page.getByTestId('campaign-save').click();
  await expect(page.getByTestId('campaign-form')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('campaign-row-name')).toHaveText(['Spring']);
  await expect(page.getByTestId('campaign-row-access')).toHaveText(['Public']);
  await expect(page.getByTestId('campaign-row-rotator')).toHaveText([`${service.url}/r/spring`]);
  const [created] = await campaignsOf(service);
  expect(created).toMatchObject({ name: 'Spring', public: true, rotator: `${service.url}/r/spring` });

  // The same slug again: the service refuses it (409), and the form says why.
  await page.getByTestId('campaign-new').click();
  await page.getByTestId('campaign-name').fill('Copy');
  await page.getByTestId('campaign-slug').fill('spring');
  await page.getByTestId('campaign-save').click();
  await expect(page.getByTestId('campaign-form-failure')).toContainText('The rotator slug "spring" is already taken', { timeout: 30_000 });
  // The refused create is kept, marked failed in the list, until discarded.
  await expect(page.locator('[data-testid="campaign-row"]', { hasText: 'Copy' }).getByTestId('mark-failed')).toBeVisible();
  await page.getByTestId('campaign-discard-failed').click();
  await expect(page.getByTestId('campaign-form')).toBeHidden();
  await expect(page.getByTestId('campaign-row-name')).toHaveText(['Spring']);
  expect((await campaignsOf(service)).map((c) => c.name)).toEqual(['Spring']);

  // Edit.
  await page.locator('[data-testid="campaign-row"]', { hasText: 'Spring' }).getByTestId('campaign-edit').click();
  await page.getByTestId('campaign-name').fill('Spring sale');
  await page.getByTestId('campaign-save').click();
  await expect(page.getByTestId('campaign-form')).toBeHidden({ timeout: 30_000 });
  expect((await campaignsOf(service)).find((c) => c.id === created!.id)).toMatchObject({ name: 'Spring sale', rotator: `${service.url}/r/spring` });
  const row = page.locator('[data-testid="campaign-row"]', { hasText: 'Spring sale' });
  await expect(row.getByTestId('campaign-row-links')).toHaveText('0');

  // The campaign page: assign the link; it is on the service and counted in the list.
  await row.getByTestId('campaign-row-name').click();
  await expect(page.getByTestId('campaign-detail')).toHaveAttribute('data-status', 'ready');
  await assignSeededLink(page);
  const details = (await service.ok('GET', `/api/url/${String(link['id'])}`))['details'] as { campaign: number | null };
  expect(details.campaign).toBe(created!.id);
  await expect(page.getByTestId('campaign-link-short')).toHaveText([String(link['shorturl'])], { timeout: 30_000 });
  await expect(page.getByTestId('campaign-clicks')).toHaveText('0');
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('campaign-row-links')).toHaveText('1', { timeout: 30_000 });

  // Delete.
  await row.getByTestId('campaign-delete').click();
  await page.getByTestId('confirm-delete-yes').click();
  await expect(page.getByTestId('confirm-delete')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('campaign-row-name')).toHaveText([]);
  expect((await campaignsOf(service)).map((c) => c.name)).toEqual([]);
});
