import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import type { LinkdeckTestHooks, MenuItemSnapshot } from '../../electron/main/test-hooks.js';
import type { LinkdeckBridge } from '../../electron/shared/contract.js';
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

test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-electron-'));
});

/** Starts Linkdeck from source on the test's own data directory, with the test hooks on. */
async function launch(): Promise<ElectronApplication> {
  app = await electron.launch({
    executablePath: binary.path ?? undefined,
    args: [root, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
    env: { ...process.env, LINKDECK_TEST_HOOKS: '1', LINKDECK_USER_DATA_DIR: dataDir, ELECTRON_ENABLE_LOGGING: '1' },
  });
  return app;
}

test.afterEach(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const trayMenu = () => app.evaluate(() => (globalThis as Hooked).__linkdeckTest.trayMenu());
const notifications = () => app.evaluate(() => (globalThis as Hooked).__linkdeckTest.notifications());
const readClipboard = () => app.evaluate(({ clipboard }) => clipboard.readText());
const item = (menu: MenuItemSnapshot[], id: string) => menu.find((i) => i.id === id);

test('launch, first run, tray menu and the quick-shorten window', async () => {
  await launch();
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

test('started with the hotkey and the clipboard watch on, a copied URL is shortened and its notification shown without error', async () => {
  // The desktop settings as the settings card saves them: a hotkey unlikely to be taken on a CI host.
  const hotkey = 'CommandOrControl+Alt+Shift+L';
  writeFileSync(join(dataDir, 'desktop.json'), `${JSON.stringify({ closeToTray: false, hotkey })}\n`);
  await launch();
  const main = await app.firstWindow();
  await expect(main.locator('[data-app-state="ready"]')).toBeAttached({ timeout: 60_000 });
  await main.getByTestId('use-local').click();
  await expect(main.getByTestId('app-frame')).toBeVisible({ timeout: 60_000 });

  // The hotkey is registered, or the app says why not (another app holds it): never silently off.
  const desktop = await main.evaluate(() => (window as unknown as { linkdeck: LinkdeckBridge }).linkdeck['desktop:settings'](undefined));
  expect(desktop.ok).toBe(true);
  if (desktop.ok) {
    expect(desktop.value.hotkey).toBe(hotkey);
    if (!desktop.value.hotkeyRegistered) expect(desktop.value.hotkeyProblem ?? '').not.toBe('');
  }

  // The clipboard watch, turned on for the local workspace as the settings card does.
  const configured = await main.evaluate(async () => {
    const bridge = (window as unknown as { linkdeck: LinkdeckBridge }).linkdeck;
    const current = await bridge['clipboard:settings'](undefined);
    if (!current.ok) return current;
    return bridge['clipboard:configure']({ ...current.value, enabled: true, paused: false });
  });
  expect(configured.ok).toBe(true);
  await expect
    .poll(async () => {
      const state = await main.evaluate(() => (window as unknown as { linkdeck: LinkdeckBridge }).linkdeck['clipboard:state'](undefined));
      return state.ok ? state.value.status : state.error.code;
    }, { timeout: 30_000 })
    .toBe('watching');

  // The person copies a URL: the watch replaces it with its short URL (written, then awaited).
  const copied = 'https://example.com/smoke-clipboard-watch';
  await app.evaluate(async ({ clipboard }, text) => {
    await clipboard.writeText(text);
  }, copied);
  await expect.poll(readClipboard, { timeout: 30_000 }).not.toBe(copied);
  const shortUrl = await readClipboard();
  expect(shortUrl).toMatch(/^https?:\/\//);

  // Its notification was made and shown without an exception.
  await expect
    .poll(async () => (await notifications()).filter((n) => n.title === 'Short link copied').map((n) => n.outcome), { timeout: 30_000 })
    .toContain('shown');
  const failed = (await notifications()).filter((n) => n.outcome === 'failed');
  if (process.platform === 'linux') expect(failed).toEqual([]);
  else
    // From source, Windows has no Start Menu shortcut for the toast and macOS no signature: the OS
    // may refuse to show it ('failed'), which the packaged app does not meet. Reported, not failed.
    for (const n of failed) test.info().annotations.push({ type: 'notification refused', description: `${n.title}: ${n.error ?? ''}` });

  // The short URL on the clipboard is Linkdeck's own: it was not taken for a new copy (the unit
  // tests in tests/unit/clipboard/watcher-async-write.test.ts hold every poll to that).
  expect(await readClipboard()).toBe(shortUrl);
  expect((await notifications()).filter((n) => n.title === 'Short link copied')).toHaveLength(1);
});
