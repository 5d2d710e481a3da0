/**
 * `npm run docs:screenshots`: the pictures of docs/images/, drawn by the real app.
 *
 * Builds the renderer into a temporary folder (or takes LINKDECK_RENDERER_DIR), starts a backend
 * on a fresh temporary data folder with its local workspace (the embedded link service), gives
 * the workspace a public address, fills it with a shop's links, channels, campaigns and a month
 * of clicks made by real redirects (docs-screenshots-fill.ts), serves it through the web shell and
 * photographs each main view with Playwright's Chromium at 1024×700, 1280×800 and 1920×1080, in
 * the light and the dark theme (the app follows the system's, which Playwright emulates). The
 * 1280×800 pictures are docs/images/; the others go to out/screenshots/<width>x<height>/ (build
 * output, not committed) to be looked at. Each picture's page is checked for layout faults through
 * its DOM (tests/e2e/layout-faults.ts) and for words that wrap or are cut (tests/e2e/text-fit.ts):
 * any fault is listed and the run fails. Every wait is on a
 * signal of the app (data-app-state, data-status, a count on screen), never on a guessed time.
 * The desktop app's own parts (settings, quick-shorten window, tray menu, a notification) are
 * drawn by docs-screenshots-desktop.ts with the desktop bridge faked.
 *
 * `--locale <tag>` (e.g. `npm run docs:screenshots -- --locale de`) draws the app in that
 * language: the browser context's locale and Accept-Language are set to it (the renderer follows
 * the browser's languages) and the pictures go to docs/images/<tag>/ (and out/screenshots/<tag>/).
 * Without it the pictures are English, in docs/images/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { createBackend } from '../../electron/backend/create-backend.js';
import { createOutboundPolicy } from '../../electron/backend/net/outbound-address-policy.js';
import type { Outbound } from '../../electron/backend/net/outbound-request.js';
import type { SecretStore } from '../../electron/backend/secrets/secret-store.js';
import { startService, type RunningService } from '../../electron/service/start.js';
import { startWebShell } from '../../electron/web/web-shell.js';
import { faultLines, layoutFaults } from '../e2e/layout-faults.js';
import { textFitFaults, textFitLines } from '../e2e/text-fit.js';
import { LINKS } from './docs-screenshots-data.js';
import { photographDesktopSettings, photographDesktopWindows, prepareDesktop, type DesktopPictureDeps } from './docs-screenshots-desktop.js';
import { fillWorkspace, serviceClock } from './docs-screenshots-fill.js';
import { pictureOptions } from './docs-screenshots-options.js';

const ROOT = resolve(import.meta.dirname, '../..');

const OPTIONS = (() => {
  try {
    return pictureOptions(process.argv.slice(2), ROOT);
  } catch (error) {
    // A wrong command line is said in one line, before anything is built or started.
    console.error((error as Error).message);
    process.exit(2);
  }
})();
const LOCALE = OPTIONS.locale;
const CONTEXT_OPTIONS = OPTIONS.contextOptions;
const OUT = OPTIONS.docsDir;
/** The workspace's public address in the pictures: a reserved name, never looked up. */
const PUBLIC_ADDRESS = 'https://go.northwind.example';
/** Every size is drawn; the docs show the middle one. */
const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const DOCS_VIEWPORT = VIEWPORTS[1];
const OTHER_SIZES = OPTIONS.otherSizesDir;
/** The layout faults of every picture, "picture: fault". */
const faults: string[] = [];
// As tests/e2e/playwright.config.ts: quiet on a closed network, able to run as root in CI.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Keys kept in memory but reported as a keychain: the pictures show the app as it is on a desktop
 * with a keychain, not the "keys last only for this session" banner of a machine without one.
 */
class PictureKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly persistent = true;
  readonly #keys = new Map<string, string>();
  async get(account: string) {
    return this.#keys.get(account) ?? null;
  }
  async set(account: string, secret: string) {
    this.#keys.set(account, secret);
  }
  async delete(account: string) {
    return this.#keys.delete(account);
  }
}

/**
 * The public-address check, answered by the workspace itself: the request for
 * https://go.northwind.example/… goes to the workspace's loopback port, as a DNS name and a
 * reverse proxy would send it. Nothing leaves this computer.
 */
function loopbackOutbound(service: () => RunningService | undefined): Outbound {
  return {
    policy: createOutboundPolicy({ allowOwnNetwork: true }),
    async resolve() {
      return { address: '127.0.0.1', family: 4 };
    },
    async request(url, init) {
      const running = service();
      if (!running) throw new Error('the workspace is not running');
      const target = new URL(url);
      const res = await fetch(`http://127.0.0.1:${running.port}${target.pathname}${target.search}`, { method: init.method });
      return { status: res.status, headers: {}, body: Buffer.from(await res.arrayBuffer()), truncated: false, address: '127.0.0.1' };
    },
  };
}

function rendererDir(): { dir: string; cleanup: () => void } {
  const given = process.env['LINKDECK_RENDERER_DIR'];
  if (given) return { dir: given, cleanup: () => {} };
  const out = mkdtempSync(join(tmpdir(), 'linkdeck-docs-build-'));
  console.log('Building the renderer…');
  const built = spawnSync('npx', ['electron-vite', 'build', '--outDir', out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('The build failed (its errors are above).');
  return { dir: join(out, 'renderer'), cleanup: () => rmSync(out, { recursive: true, force: true }) };
}

/** A picture of the page: into the docs' folder at the docs' size (or when `docs` says so: a window of its own size), else its size's folder. */
async function shoot(page: Page, name: string, scheme: string, docs?: boolean): Promise<void> {
  const size = page.viewportSize();
  docs ??= size?.width === DOCS_VIEWPORT.width && size.height === DOCS_VIEWPORT.height;
  const dir = docs ? OUT : join(OTHER_SIZES, `${size?.width}x${size?.height}`);
  mkdirSync(dir, { recursive: true });
  await expect(page.locator('[data-status="loading"]')).toHaveCount(0);
  // Drawn once every finite animation has ended (Naive UI fades drawers and menus in).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const path = join(dir, `${name}-${scheme}.png`);
  await page.screenshot({ path });
  // Layout faults, and words that wrap or are cut (German and French run longer: issue 44).
  const found = [...faultLines(await layoutFaults(page)), ...textFitLines(await textFitFaults(page))].map((line) => `${path.slice(ROOT.length + 1)}: ${line}`);
  faults.push(...found);
  console.log(`  ${path.slice(ROOT.length + 1)}${found.length ? `  (${found.length} layout faults)` : ''}`);
  for (const line of found.slice(0, 5)) console.log(`    ${line.slice(path.length - ROOT.length)}`);
}

/** A picture of one element (a window of its own size: the tray menu, a notification), into the docs' folder. */
async function shootElement(page: Page, selector: string, name: string, scheme: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `${name}-${scheme}.png`);
  await page.locator(selector).screenshot({ path });
  console.log(`  ${path.slice(ROOT.length + 1)}`);
}

async function open(page: Page, section: string): Promise<void> {
  await page.getByTestId(`nav-${section}`).click();
  await expect(page.getByTestId('page-title')).toBeVisible();
}

/** Each main view, in one theme. */
async function photograph(browser: Browser, url: string, scheme: 'light' | 'dark', viewport: { width: number; height: number }): Promise<void> {
  const context = await browser.newContext({ ...CONTEXT_OPTIONS, viewport, colorScheme: scheme, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // A bound on each step, so a view that never shows what is waited for ends the run with the
  // step named instead of hanging.
  page.setDefaultTimeout(30_000);
  await page.goto(url);
  await expect(page.locator('[data-app-state="ready"]')).toBeAttached({ timeout: 60_000 });
  await expect(page.locator('.app')).toHaveAttribute('data-theme', scheme);
  // The language the renderer reads is the one asked for (it follows navigator.languages).
  if (LOCALE) expect(await page.evaluate(() => navigator.languages[0])).toBe(LOCALE);

  // The small collections first: they are synced after the links, and the other views name them.
  await open(page, 'channels');
  await expect(page.getByText('Newsletter').first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'channels', scheme);

  await open(page, 'campaigns');
  await expect(page.getByText('Spring Sale 2026').first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'campaigns', scheme);

  // Analytics next: the statistics of every link read (Fill the gaps where the app offers it),
  // so the list shows each link's campaign too; the charts at the top, the world map further down.
  await open(page, 'analytics');
  const coverage = page.getByTestId('analytics-coverage');
  await expect(coverage).toBeVisible({ timeout: 30_000 });
  const fill = page.getByTestId('analytics-fill');
  if (await fill.isVisible()) await fill.click();
  // "From the statistics of 36 of 36 links": the count twice, read without the words (--locale).
  await expect(coverage).toHaveText(new RegExp(`\\b${LINKS.length}\\b\\D+\\b${LINKS.length}\\b`), { timeout: 60_000 });
  await expect(page.getByTestId('world-map')).not.toHaveAttribute('data-points', '0');
  await page.getByTestId('page-title').scrollIntoViewIfNeeded();
  await shoot(page, 'analytics', scheme);
  await page.getByTestId('world-map').evaluate((map) => map.scrollIntoView({ block: 'center' }));
  await shoot(page, 'analytics-map', scheme);

  // Links: every link synced into the mirror.
  await open(page, 'links');
  await expect(page.getByTestId('links-total')).toHaveText(new RegExp(`\\b${LINKS.length}\\b`), { timeout: 60_000 });
  // Attached, not visible: where the window is narrow the campaign column gives way (table-layout.ts).
  await expect(page.getByTestId('resource-links').getByText('Spring Sale 2026').first()).toBeAttached({ timeout: 30_000 });
  await shoot(page, 'links', scheme);

  // A link's detail, its statistics read.
  await page.getByTestId('links-search').fill('spring sale');
  await page.getByTestId('resource-links').getByTestId('resource-row').filter({ hasText: 'spring-sale' }).first().click();
  const detail = page.getByTestId('link-detail');
  await expect(detail).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(detail.getByTestId('link-detail-clicks')).not.toHaveText('0');
  await shoot(page, 'link-detail', scheme);
  await detail.getByTestId('link-detail-clicks').evaluate((clicks) => clicks.scrollIntoView({ block: 'start' }));
  await shoot(page, 'link-detail-stats', scheme);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-detail-drawer')).toHaveCount(0);
  await page.getByTestId('links-search').fill('');

  // Bulk shorten at its preview step: five good addresses and one a link may not lead to.
  await open(page, 'bulk');
  await expect(page.getByTestId('bulk-view')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('bulk-paste').fill(
    [
      'https://shop.northwind-outfitters.example/products/summit-down-jacket',
      'https://shop.northwind-outfitters.example/products/summit-down-vest',
      'https://journal.northwind-outfitters.example/2026/04/down-care',
      'ftp://files.northwind-outfitters.example/lookbook.pdf',
      'https://shop.northwind-outfitters.example/products/summit-down-hood',
      'https://shop.northwind-outfitters.example/collections/autumn',
    ].join('\n'),
  );
  await page.getByTestId('bulk-paste-next').click();
  await expect(page.getByTestId('bulk-preview')).toBeVisible();
  await expect(page.getByTestId('bulk-invalid-count')).toHaveText('1');
  await page.getByTestId('bulk-job-name').fill('Autumn down collection');
  await shoot(page, 'bulk', scheme);

  // The link editor with every option.
  await open(page, 'links');
  await page.getByTestId('open-link-editor').click();
  await expect(page.getByTestId('link-editor')).toBeVisible();
  await page.getByTestId('link-editor').getByTestId('link-url').fill('https://shop.northwind-outfitters.example/products/summit-down-jacket');
  await shoot(page, 'link-editor', scheme);
  await page.keyboard.press('Escape');

  // QR codes: the list, then one code's detail with its image and scans.
  await open(page, 'qrs');
  await expect(page.getByTestId('qr-view')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByText('Shop window: autumn collection').first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'qr-codes', scheme);

  // Settings are drawn as the desktop app shows them (docs-screenshots-desktop.ts).
  await context.close();
}

/**
 * The Links view of a local workspace without a public address: its notice says the links open
 * only on this computer. Drawn last, once the public address is removed.
 */
async function photographLocalOnly(browser: Browser, url: string, scheme: 'light' | 'dark', viewport: { width: number; height: number }): Promise<void> {
  const context = await browser.newContext({ ...CONTEXT_OPTIONS, viewport, colorScheme: scheme, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(url);
  await expect(page.locator('[data-app-state="ready"]')).toBeAttached({ timeout: 60_000 });
  await expect(page.getByTestId('local-only-notice').first()).toHaveAttribute('data-reach', 'this-computer');
  await expect(page.getByTestId('links-total')).toHaveText(new RegExp(`\\b${LINKS.length}\\b`), { timeout: 60_000 });
  await shoot(page, 'links-local-only', scheme);
  await context.close();
}

async function main(): Promise<void> {
  const executablePath = process.env['CHROMIUM_PATH'] || (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
  const renderer = rendererDir();
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-docs-'));
  let service: RunningService | undefined;
  const secrets = new PictureKeychain();
  const backend = await createBackend({
    dataDir,
    shell: 'web',
    appVersion: 'docs',
    secrets,
    log: process.env['DOCS_LOG'] ? (m) => console.error(m) : () => {},
    // The embedded service as the app starts it (no rate limit), on the clock the fill sets back.
    startLocalService: async (o) => (service = await startService({ ...o, rateLimit: 0, now: serviceClock.now })),
    publicAddress: { outbound: loopbackOutbound(() => service) },
  });
  if (LOCALE) console.log(`Pictures in ${LOCALE}, into ${OUT.slice(ROOT.length + 1)}/.`);
  const call = async (channel: string, arg?: unknown): Promise<unknown> => {
    const result = await backend.router.dispatch(channel, arg);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value;
  };
  let browser: Browser | undefined;
  try {
    const local = (await call('profiles:use-local')) as { id: string };
    const saved = (await call('profiles:set-public-url', { address: PUBLIC_ADDRESS })) as { check: { verified: boolean; problem: string | null } };
    if (!saved.check.verified) throw new Error(`The public address was not verified: ${saved.check.problem}`);
    const key = await secrets.get(local.id);
    if (!key || !service) throw new Error('The local workspace did not start.');
    const filled = await fillWorkspace(`http://127.0.0.1:${service.port}`, service.port, key, () => service!.flushClicks());
    console.log(`Workspace filled: ${filled.links} links, ${filled.visits} visits.`);
    await prepareDesktop(call);

    const shell = await startWebShell({ backend, rendererDir: renderer.dir });
    try {
      mkdirSync(OUT, { recursive: true });
      browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
      const desktop: DesktopPictureDeps = { browser, url: shell.url, backend, call, docsViewport: DOCS_VIEWPORT, contextOptions: CONTEXT_OPTIONS, shoot, shootElement };
      for (const viewport of VIEWPORTS) {
        for (const scheme of ['light', 'dark'] as const) {
          await photograph(browser, shell.url, scheme, viewport);
          await photographDesktopSettings(desktop, scheme, viewport);
        }
      }
      for (const scheme of ['light', 'dark'] as const) await photographDesktopWindows(desktop, scheme);
      await call('profiles:set-public-url', { address: null });
      for (const viewport of VIEWPORTS) {
        for (const scheme of ['light', 'dark'] as const) await photographLocalOnly(browser, shell.url, scheme, viewport);
      }
    } finally {
      await browser?.close();
      await shell.close();
    }
  } finally {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
    renderer.cleanup();
  }
}

main()
  .then(() => {
    if (faults.length === 0) return;
    console.error(`Layout faults (${faults.length}):\n${faults.join('\n')}`);
    process.exit(1);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
