import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import type { LinkdeckTestHooks, MenuItemSnapshot } from '../../electron/main/test-hooks.js';
import { findElectronBinary } from './electron-binary.js';

const root = resolve(import.meta.dirname, '../..');
const binary = findElectronBinary(root);
const skipReason = binary.path === null ? `Electron smoke test skipped: ${binary.reason}.` : null;
// Printed, so the run says why; Playwright also records it on each skipped test.
if (skipReason) console.log(skipReason);

test.skip(binary.path === null, skipReason ?? '');

type Hooked = typeof globalThis & { __linkdeckTest: LinkdeckTestHooks };

let app: ElectronApplication;
let dataDir: string;

test.beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-electron-'));
  app = await electron.launch({
    executablePath: binary.path ?? undefined,
    args: [root, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
    env: { ...process.env, LINKDECK_TEST_HOOKS: '1', LINKDECK_USER_DATA_DIR: dataDir, ELECTRON_ENABLE_LOGGING: '1' },
  });
});

test.afterEach(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const trayMenu = () => app.evaluate(() => (globalThis as Hooked).__linkdeckTest.trayMenu());
const item = (menu: MenuItemSnapshot[], id: string) => menu.find((i) => i.id === id);

test('launch, first run, tray menu and the quick-shorten window', async () => {
  const main = await app.firstWindow();
  await expect(main.locator('[data-app-state="ready"]')).toBeAttached({ timeout: 60_000 });

  // First run: no profile yet; the tray says so and quick shorten waits for one.
  await expect(main.getByTestId('welcome')).toBeVisible();
  await expect.poll(async () => item(await trayMenu(), 'quick-shorten')?.enabled).toBe(false);

  await main.getByTestId('use-local').click();
  await expect(main.getByTestId('app-frame')).toBeVisible({ timeout: 60_000 });

  // The tray follows the new profile: quick shorten, the clipboard watch (off by default), open, quit.
  await expect.poll(async () => item(await trayMenu(), 'quick-shorten')?.enabled, { timeout: 30_000 }).toBe(true);
  const menu = await trayMenu();
  expect(item(menu, 'clipboard-state')?.label).toBe('Clipboard watch: Off');
  expect(item(menu, 'open')?.label).toBe('Open Linkdeck');
  expect(item(menu, 'quit')?.label).toBe('Quit Linkdeck');

  // The quick-shorten window, as linkdeck://new would open it.
  const opened = app.waitForEvent('window');
  await app.evaluate(() => (globalThis as Hooked).__linkdeckTest.openQuickShorten('https://example.com/smoke'));
  const quick = await opened;
  await expect(quick.getByTestId('quick-url')).toHaveValue('https://example.com/smoke', { timeout: 30_000 });
  await quick.getByTestId('quick-url').press('Enter');
  await expect(quick.getByTestId('quick-short-url')).toHaveText(/^https?:\/\//, { timeout: 30_000 });
  await expect(quick.getByTestId('quick-copied')).toHaveText('Copied');
  const shortUrl = (await quick.getByTestId('quick-short-url').textContent()) ?? '';
  expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe(shortUrl);

  // The new link is now the tray's newest; a click on it copies it again.
  const shown = shortUrl.replace(/^https?:\/\//, '');
  await expect.poll(async () => (await trayMenu())[1]?.label ?? '', { timeout: 30_000 }).toContain(shown);
  const newest = (await trayMenu())[1]!;
  await app.evaluate(async ({ clipboard }) => {
    await clipboard.writeText('something else');
  });
  expect(await app.evaluate((_electron, id) => (globalThis as Hooked).__linkdeckTest.clickTrayItem(id), newest.id ?? '')).toBe(true);
  await expect.poll(() => app.evaluate(({ clipboard }) => clipboard.readText())).toBe(shortUrl);
});
