import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AppFrame } from './pages/app-frame.js';
import { BulkPage } from './pages/bulk-page.js';
import { LinksPage } from './pages/links-page.js';
import { SettingsPage } from './pages/settings-page.js';
import { TransferDialog } from './pages/transfer-dialog.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';
import { transitionsDone } from './transitions-done.js';

const SOURCE = 'Source service';
const TARGET = 'Hosted service';
const ALIASES = ['tr-one', 'tr-two', 'tr-three', 'tr-stay'];

interface ServiceLink {
  alias: string;
  longurl: string;
}

/** axe's serious and critical findings inside `selector`, as "rule: elements". */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  await transitionsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Moving links between two profiles, each on its own real link service: chosen in the Links
 * view, checked by the dry run, run as a bulk job, and found afterwards on the target only.
 */
test('move: selected links go to the other profile, keep their aliases, and leave the source once copied', async ({ app, service, remoteService }) => {
  test.setTimeout(240_000);
  const { page } = app;
  // A laptop's window: the dialog's action button must stay reachable after the check (issue 28).
  await page.setViewportSize({ width: 1280, height: 800 });
  // The first link in a channel and a campaign the target lacks: the dry run lists them (a longer dialog).
  const channel = (await service.ok('POST', '/api/channel/add', { name: 'Posters', color: '#22aa66', description: 'Printed ones' }))['id'] as number;
  const campaign = (await service.ok('POST', '/api/campaign/add', { name: 'Spring', slug: 'spring-tr', public: true }))['id'] as number;
  for (const alias of ALIASES) {
    const grouped = alias === ALIASES[0] ? { channel, campaign } : {};
    await service.ok('POST', '/api/url/add', { url: `https://example.com/transfer/${alias}`, custom: alias, ...grouped });
  }
  const remoteLinks = async (): Promise<ServiceLink[]> => {
    const res = await fetch(`${remoteService.url}/api/urls?limit=100`, { headers: { Authorization: `Bearer ${remoteService.apiKey}` } });
    return ((await res.json()) as { data: { urls: ServiceLink[] } }).data.urls;
  };

  // The target first, then the source, which stays the current profile.
  await new WelcomePage(page).connectForm.connect({ name: TARGET, baseUrl: remoteService.url, apiKey: remoteService.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('settings');
  const settings = new SettingsPage(page);
  await (await settings.openConnectForm()).connect({ name: SOURCE, baseUrl: service.url, apiKey: service.apiKey });
  await expect(settings.currentMarker(SOURCE)).toBeVisible();

  await frame.open('links');
  const links = new LinksPage(page);
  await expect(links.total).toHaveText(' · 4 links', { timeout: 30_000 });
  const toMove = ALIASES.slice(0, 3);
  // A link is copied whole or not at all: its details (targeting, expiry, …) must have been read,
  // which opening it does (the background reading would too, later).
  for (const alias of toMove) {
    await links.open(`/${alias}`);
    await expect(links.detail).toHaveAttribute('data-status', 'ready');
    await links.closeDetail();
  }
  for (const alias of toMove) await links.row(`/${alias}`).getByTestId('link-row-check').click();
  await expect(page.getByTestId('links-bulk-count')).toHaveText('3 selected');

  const dialog = new TransferDialog(page);
  await dialog.openButton.click();
  await expect(dialog.root).toBeVisible();
  // The only other profile is offered, already chosen; the current one is not.
  await expect(dialog.target(TARGET)).toBeChecked();
  await expect(dialog.target(SOURCE)).toHaveCount(0);
  // The focus is in the dialog; Escape closes it, and it opens again on Copy (a move is never
  // carried over unseen), its target still chosen.
  await expect.poll(() => dialog.root.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await dialog.move.click();
  await expect(dialog.move.getByRole('radio')).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog.root).toBeHidden();
  await dialog.openButton.click();
  await expect(dialog.copy.getByRole('radio')).toBeChecked();
  await expect(dialog.target(TARGET)).toBeChecked();
  await dialog.move.click();
  await dialog.check.click();
  await expect(dialog.toCreate).toHaveText(`3 links to create on ${TARGET}.`);
  await expect(dialog.alreadyThere).toHaveText('None of them is there already.');
  await expect(dialog.root.getByTestId('transfer-plan-missing')).toContainText('Channel “Posters”');
  await expect(dialog.root.getByTestId('transfer-plan-carried')).toContainText('/r/spring-tr (campaign “Spring”)');
  await dialog.root.getByTestId('transfer-create-missing').click();
  // The action stays in view beside the dry run's words (the footer does not scroll away).
  await transitionsDone(page);
  await expect(dialog.start).toBeInViewport({ ratio: 1 });
  // Labelled controls and readable contrast in the dialog, as axe judges them.
  await expect(seriousViolations(page, '[data-testid="transfer-dialog"]')).resolves.toEqual([]);
  await dialog.start.click();
  await expect(dialog.start).toHaveCount(0);

  // The Bulk view shows the job until it is done.
  const bulk = new BulkPage(page);
  await expect(bulk.root).toBeVisible();
  const job = bulk.jobs.filter({ has: page.getByTestId('bulk-transfer-title').getByText(`Move from ${SOURCE} to ${TARGET}`, { exact: true }) });
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(job.getByTestId('bulk-count-created')).toHaveText('3 created');
  await expect(job.getByTestId('bulk-transfer-removed')).toHaveText(`3 removed from ${SOURCE}`, { timeout: 30_000 });
  await expect(job.getByTestId('bulk-transfer-remove-failed')).toHaveText('0 could not be removed');
  await job.getByTestId('bulk-toggle-rows').click();
  await expect(job.getByTestId('bulk-rows').locator('tbody tr')).toHaveCount(3);
  for (const alias of toMove) await expect(job.getByTestId('bulk-rows').locator('tbody tr', { hasText: `${service.url}/${alias}` })).toContainText(`${remoteService.url}/${alias}`);
  await expect(seriousViolations(page, '[data-testid="bulk-job"]')).resolves.toEqual([]);

  // The source keeps only the link that was not chosen; the target holds the three, once each.
  await frame.open('links');
  await expect(links.total).toHaveText(' · 1 link', { timeout: 30_000 });
  await expect(links.row('/tr-stay')).toHaveCount(1);
  const sourceLeft = ((await service.ok('GET', '/api/urls?limit=100'))['data'] as { urls: ServiceLink[] }).urls;
  expect(sourceLeft.map((l) => l.alias)).toEqual(['tr-stay']);
  // The channel and campaign were made on the target with what they carry.
  const remote = async (path: string) =>
    ((await (await fetch(`${remoteService.url}${path}`, { headers: { Authorization: `Bearer ${remoteService.apiKey}` } })).json()) as { data: Record<string, unknown[]> }).data;
  expect((await remote('/api/channels'))['channels']).toEqual([expect.objectContaining({ name: 'Posters', color: '#22aa66', description: 'Printed ones' })]);
  expect((await remote('/api/campaigns'))['campaigns']).toEqual([expect.objectContaining({ public: true })]);
  const onTarget = await remoteLinks();
  expect(onTarget.map((l) => [l.alias, l.longurl]).sort()).toEqual(toMove.map((a) => [a, `https://example.com/transfer/${a}`]).sort());

  await frame.switchProfile(TARGET);
  await expect(links.total).toHaveText(' · 3 links', { timeout: 30_000 });
  for (const alias of toMove) await expect(links.row(`/${alias}`)).toHaveCount(1);
});
