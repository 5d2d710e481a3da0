import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test, type CheckedService } from './fixtures.js';
import { transitionsDone } from './transitions-done.js';

/**
 * axe-core over every view of the app, in the light and the dark theme (the app follows the
 * system's: Playwright emulates `prefers-color-scheme`), with the views empty and with content.
 * A serious or critical violation fails the test, each one printed with its rule, the elements
 * it found and how to fix it.
 */

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('.app')).toHaveAttribute('data-theme', scheme);
}

/** The serious and critical violations on the page as it is now. */
async function scan(page: Page, where: string): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      help: `${v.help} (${v.helpUrl})`,
      nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`),
    }));
}

function report(findings: Finding[]): string {
  if (findings.length === 0) return 'no serious or critical violations';
  return findings
    .map((f) => `${f.where}: ${f.impact} ${f.rule}: ${f.help}\n${f.nodes.map((n) => `    - ${n}`).join('\n')}`)
    .join('\n\n');
}

/** A view is settled once its title is up and nothing in it says it is still loading. */
async function settle(page: Page, nav: string): Promise<void> {
  await expect(page.getByTestId('page-title'), nav).toBeVisible();
  await expect(page.locator('[data-status="loading"]'), `${nav} still loading`).toHaveCount(0);
  await transitionsDone(page);
}

/** Opens every section of the sidebar (as many as it lists) and scans each. */
async function scanEveryView(page: Page, label: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  const sections = await page.locator('[data-testid^="nav-"]').evaluateAll((links) => links.map((l) => l.getAttribute('data-testid')!));
  expect(sections.length, 'the sidebar lists the sections').toBeGreaterThanOrEqual(10);
  for (const nav of sections) {
    await page.getByTestId(nav).click();
    await settle(page, nav);
    findings.push(...(await scan(page, `${label}, ${nav.slice('nav-'.length)}`)));
  }
  return findings;
}

async function connect(page: Page, service: CheckedService): Promise<void> {
  await new WelcomePage(page).connectForm.connect({ name: 'Checked', baseUrl: service.url, apiKey: service.apiKey });
  await expect(page.getByTestId('app-frame')).toBeVisible();
}

// One test per theme and state: each scans a dozen views, which takes minutes on a loaded machine.
for (const scheme of SCHEMES) {
  test(`accessibility (${scheme}): the welcome screen and every view with its empty state`, async ({ app, service }) => {
    test.setTimeout(480_000);
    const { page } = app;
    await setScheme(page, scheme);
    await expect(page.getByTestId('welcome')).toBeVisible();
    const findings = await scan(page, `welcome, ${scheme}`);
    await connect(page, service);
    await page.getByTestId('nav-links').click();
    await expect(page.getByTestId('links-empty-create')).toBeVisible({ timeout: 30_000 });
    findings.push(...(await scanEveryView(page, `empty, ${scheme}`)));
    expect(findings, report(findings)).toEqual([]);
  });

  test(`accessibility (${scheme}): every view with links, a channel and a campaign`, async ({ app, service }) => {
    test.setTimeout(480_000);
    const { page } = app;
    await service.ok('POST', '/api/channel/add', { name: 'Newsletter' });
    await service.ok('POST', '/api/campaign/add', { name: 'Spring' });
    for (let i = 1; i <= 3; i++) await service.ok('POST', '/api/url/add', { url: `https://example.com/page/${i}`, metatitle: `Page ${i}` });
    await setScheme(page, scheme);
    await connect(page, service);
    await page.getByTestId('nav-links').click();
    await expect(page.getByTestId('links-total')).toHaveText(' · 3 links', { timeout: 30_000 });
    const findings = await scanEveryView(page, `with content, ${scheme}`);
    expect(findings, report(findings)).toEqual([]);
  });
}
