import type { Page } from '@playwright/test';
import { report, scan, type Finding } from './axe-scan.js';
import { expect, test, type CheckedService } from './fixtures.js';
import { LinksPage } from './pages/links-page.js';
import { LocalWorkspace } from './pages/local-workspace.js';
import { WelcomePage } from './pages/welcome-page.js';

/**
 * axe-core over every view of the app and the states a person opens on top of them (a link's
 * detail drawer, the new-link form, the full editor, Settings with every card, the confirm
 * dialogs), in the light and the dark theme (the app follows the system's: Playwright emulates
 * `prefers-color-scheme`). A serious or critical violation fails the test, each one printed
 * with its rule, the elements it found and how to fix it.
 *
 * Deterministic on a loaded machine: a state is scanned once its data has arrived (the view's
 * own status, the first sync finished) and nothing on the screen moves (axe reads colours as
 * drawn, and a fading element has text at part of its contrast); a scan during which something
 * started moving is taken again (axe-scan.ts).
 */

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('.app')).toHaveAttribute('data-theme', scheme);
}

/** A view is ready once its title is up and nothing in it is waiting for its data. */
async function viewReady(page: Page, what: string): Promise<void> {
  await expect(page.getByTestId('page-title'), what).toBeVisible();
  await expect(page.locator('[data-status="loading"], [data-status="idle"]'), `${what} still loading`).toHaveCount(0);
}

/** The first sync of the current profile is over: every view reads a filled mirror. */
async function firstSyncDone(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
}

/** Opens every section of the sidebar (as many as it lists) but `skip`, and scans each. */
async function scanEveryView(page: Page, label: string, skip: string[] = []): Promise<Finding[]> {
  const findings: Finding[] = [];
  const sections = await page.locator('[data-testid^="nav-"]').evaluateAll((links) => links.map((l) => l.getAttribute('data-testid')!));
  expect(sections.length, 'the sidebar lists the sections').toBeGreaterThanOrEqual(10);
  for (const nav of sections.filter((s) => !skip.includes(s.slice('nav-'.length)))) {
    await page.getByTestId(nav).click();
    await viewReady(page, nav);
    findings.push(...(await scan(page, `${label}, ${nav.slice('nav-'.length)}`)));
  }
  return findings;
}

async function connect(page: Page, service: CheckedService): Promise<void> {
  await new WelcomePage(page).connectForm.connect({ name: 'Checked', baseUrl: service.url, apiKey: service.apiKey });
  await expect(page.getByTestId('app-frame')).toBeVisible();
  await firstSyncDone(page);
}

/** Opens a link's detail from the list; done once its statistics part is drawn. */
async function openDetail(links: LinksPage, text: string): Promise<void> {
  await links.open(text);
  await expect(links.detail).toHaveAttribute('data-status', 'ready');
  await expect(links.detail.getByTestId('link-detail-period')).toBeVisible();
}

// One test per theme and state: each scans a dozen screens, which takes minutes on a loaded machine.
for (const scheme of SCHEMES) {
  test(`accessibility (${scheme}): welcome, the local workspace with its notices, a new link and its detail, Settings with every card, a dialog`, async ({ app }) => {
    test.setTimeout(480_000);
    const { page } = app;
    const links = new LinksPage(page);
    const workspace = new LocalWorkspace(page);
    await setScheme(page, scheme);
    await expect(page.getByTestId('welcome')).toBeVisible();
    const findings = await scan(page, `welcome, ${scheme}`);

    await new WelcomePage(page).useLocalWorkspace();
    await expect(workspace.notice('links')).toBeVisible({ timeout: 30_000 });
    await firstSyncDone(page);
    await viewReady(page, 'links');
    findings.push(...(await scan(page, `local workspace, links with the notice, ${scheme}`)));

    await links.newLinkButton.click();
    await expect(page.getByTestId('new-link-form')).toBeVisible();
    findings.push(...(await scan(page, `local workspace, the new-link form, ${scheme}`)));
    await links.newLinkUrl.fill('https://example.com/spring');
    await links.newLinkSubmit.click();
    await expect(links.newLinkOutcome).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
    findings.push(...(await scan(page, `local workspace, a new link made, ${scheme}`)));

    // The detail over the list, the new-link form still open behind it (as a person leaves it).
    await openDetail(links, 'example.com/spring');
    await expect(workspace.notice('link-detail')).toBeVisible();
    findings.push(...(await scan(page, `local workspace, a link's detail opened from the list, ${scheme}`)));
    await links.closeDetail();

    await page.getByTestId('open-link-editor').click();
    await expect(page.getByTestId('link-editor')).toBeVisible();
    findings.push(...(await scan(page, `local workspace, the link editor, ${scheme}`)));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('link-editor')).toHaveCount(0);

    await page.getByTestId('nav-settings').click();
    await viewReady(page, 'settings');
    await expect(workspace.card).toBeVisible();
    await page.getByTestId('connect-another').click();
    await expect(page.getByTestId('connect-card')).toBeVisible();
    for (const card of ['public-address-card', 'desktop-settings', 'clipboard-card', 'health-settings']) {
      await expect(page.getByTestId(card), `Settings shows ${card}`).toBeVisible();
    }
    findings.push(...(await scan(page, `local workspace, Settings with every card, ${scheme}`)));

    await page.getByTestId('profile-remove').first().click();
    await expect(page.getByTestId('remove-dialog')).toBeVisible();
    findings.push(...(await scan(page, `local workspace, the remove-profile dialog, ${scheme}`)));
    await page.getByTestId('remove-cancel').click();
    await expect(page.getByTestId('remove-dialog')).toHaveCount(0);

    findings.push(...(await scanEveryView(page, `local workspace, ${scheme}`, ['links', 'settings'])));
    expect(findings, report(findings)).toEqual([]);
  });

  test(`accessibility (${scheme}): every view with its empty state, on a connected service`, async ({ app, service }) => {
    test.setTimeout(480_000);
    const { page } = app;
    await setScheme(page, scheme);
    await connect(page, service);
    await page.getByTestId('nav-links').click();
    await expect(page.getByTestId('links-empty-create')).toBeVisible({ timeout: 30_000 });
    const findings = await scanEveryView(page, `empty, ${scheme}`);
    expect(findings, report(findings)).toEqual([]);
  });

  test(`accessibility (${scheme}): every view with links, a channel and a campaign; a detail with statistics; the delete dialogs`, async ({ app, service }) => {
    test.setTimeout(480_000);
    const { page } = app;
    const links = new LinksPage(page);
    await service.ok('POST', '/api/channel/add', { name: 'Newsletter' });
    await service.ok('POST', '/api/campaign/add', { name: 'Spring' });
    for (let i = 1; i <= 3; i++) await service.ok('POST', '/api/url/add', { url: `https://example.com/page/${i}`, metatitle: `Page ${i}` });
    await setScheme(page, scheme);
    await connect(page, service);
    await page.getByTestId('nav-links').click();
    await expect(links.total).toHaveText(' · 3 links', { timeout: 30_000 });
    const findings = await scanEveryView(page, `with content, ${scheme}`);

    await page.getByTestId('nav-links').click();
    await viewReady(page, 'links');
    await openDetail(links, 'Page 2');
    await links.detail.getByTestId('link-detail-refresh').click();
    await expect(links.detail.getByTestId('link-stats-not-fetched')).toHaveCount(0);
    findings.push(...(await scan(page, `with content, a link's detail with statistics, ${scheme}`)));
    await links.closeDetail();

    // The focus is back on the list, its cursor on the link just closed: Delete asks about it.
    await expect(links.table).toBeFocused();
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('links-delete-confirm')).toBeVisible();
    findings.push(...(await scan(page, `with content, the delete-link dialog, ${scheme}`)));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('links-delete-confirm')).toHaveCount(0);

    await page.getByTestId('nav-channels').click();
    await viewReady(page, 'channels');
    await page.getByTestId('channel-delete').first().click();
    await expect(page.getByTestId('confirm-delete')).toBeVisible();
    findings.push(...(await scan(page, `with content, the delete-channel dialog, ${scheme}`)));
    expect(findings, report(findings)).toEqual([]);
  });
}
