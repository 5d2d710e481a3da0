/**
 * The desktop app's own pictures for `npm run docs:screenshots`, where no Electron binary runs.
 *
 * - Settings (the Desktop and Clipboard watch cards) and the quick-shorten window: the real
 *   renderer in Chromium with the desktop bridge faked (desktop-bridge/): the preload's API with
 *   the desktop capabilities on, every other channel answered by the real backend through the web
 *   shell. The quick-shorten window is its real route (/quick) at the window's real size.
 * - The tray menu: the template the real TrayController builds from the real backend (the same
 *   one Electron's Menu.buildFromTemplate gets), drawn as HTML (desktop-pictures-html.ts).
 * - A notification: the clipboard watch's real "Short link copied" notice for a link of the
 *   workspace, through the real notifier as it would reach Electron's Notification, drawn as HTML.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import type { Backend } from '../../electron/backend/backend.js';
import { createdNotice } from '../../electron/backend/clipboard/messages.js';
import { notifierWithReach } from '../../electron/backend/clipboard/reach-notifier.js';
import { createNotifier, type NotificationOptionsLike } from '../../electron/main/notifier.js';
import { QUICK_WINDOW_SIZE } from '../../electron/main/quick-window-url.js';
import { TrayController } from '../../electron/main/tray-controller.js';
import type { ClipboardSettings } from '../../electron/shared/clipboard-rules.js';
import type { ProfilesState } from '../../electron/shared/contract.js';
import { DEFAULT_HOTKEY, type ClipboardStatus, type DesktopNotice, type DesktopSettings } from '../../electron/shared/desktop.js';
import { SHARED_MESSAGES } from '../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../electron/shared/i18n/translate.js';
import { reachNoticeRef } from '../../electron/shared/local-reach.js';
import { renderMessage } from '../../electron/shared/message-ref.js';
import type { MirrorLinkPage, MirrorList } from '../../electron/shared/models.js';
import { desktopClipboardStatus, type FakeDesktopControl } from './desktop-bridge/fake-desktop-bridge.js';
import { desktopBridgeInitScript } from './desktop-bridge/init-script.js';
import { notificationPicture, trayMenuPicture } from './desktop-pictures-html.js';

/** The address "copied" before the quick-shorten window opens (a page of the fill's shop). */
const COPIED = 'https://shop.northwind-outfitters.example/products/summit-down-hood';
/**
 * The desktop the pictures show, whatever machine draws them: Linux (Ctrl in the hotkey, a
 * notification without buttons whose body says what a click does), as docs/desktop-integration.md's
 * captions say.
 */
const PLATFORM = 'linux';

/** The desktop settings as a desktop with a tray and a login item reports them. */
const SETTINGS: DesktopSettings = {
  available: true,
  closeToTray: true,
  hotkey: DEFAULT_HOTKEY,
  hotkeyRegistered: true,
  openAtLogin: false,
  openAtLoginSupported: true,
  linkHandler: { available: true },
};

export interface DesktopPictureDeps {
  browser: Browser;
  /** The web shell's address with its token. */
  url: string;
  backend: Pick<Backend, 'router' | 'subscribe'>;
  call(channel: string, arg?: unknown): Promise<unknown>;
  /** The size of the docs' pictures of the main window. */
  docsViewport: { width: number; height: number };
  /** Viewport-independent options of every context (locale). */
  contextOptions: BrowserContextOptions;
  /** Takes a picture of the page (the main tool's shoot: layout faults checked, the size's folder). */
  shoot(page: Page, name: string, scheme: string, docs?: boolean): Promise<void>;
  /** Takes a picture of one element into the docs' folder (the windows of a fixed size). */
  shootElement(page: Page, selector: string, name: string, scheme: string): Promise<void>;
}

/** The clipboard watch on, with the rules a shop would keep: shown by the settings and the tray. */
export async function prepareDesktop(call: DesktopPictureDeps['call']): Promise<void> {
  const channels = (await call('channels:list')) as MirrorList<{ id: number; name: string }>;
  const campaigns = (await call('campaigns:list')) as MirrorList<{ id: number; name: string }>;
  const newsletter = channels.items.find((c) => c.name === 'Newsletter');
  const spring = campaigns.items.find((c) => c.name === 'Spring Sale 2026');
  const settings: ClipboardSettings = {
    enabled: true,
    paused: false,
    pollIntervalMs: 400,
    offline: 'queue',
    defaults: { utm: { source: 'linkdeck', medium: 'clipboard' } },
    rules: [
      {
        match: 'shop.northwind-outfitters.example/products/*',
        action: 'allow',
        defaults: { ...(spring ? { campaign: spring.id } : {}), ...(newsletter ? { channel: newsletter.id } : {}) },
        note: 'Product pages go to the spring sale',
      },
      { match: 'journal.northwind-outfitters.example', action: 'allow' },
      { match: '*.internal.northwind-outfitters.example', action: 'deny', note: 'Never shorten staff pages' },
    ],
  };
  await call('clipboard:configure', settings);
}

async function desktopPage(deps: DesktopPictureDeps, scheme: 'light' | 'dark', viewport: { width: number; height: number }) {
  const context = await deps.browser.newContext({ ...deps.contextOptions, viewport, colorScheme: scheme, deviceScaleFactor: 1 });
  await context.addInitScript(desktopBridgeInitScript({ settings: SETTINGS, clipboardText: COPIED, platform: PLATFORM }));
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(deps.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeAttached({ timeout: 60_000 });
  return { context, page };
}

/** Settings as the desktop app shows it: the top (public address), the Desktop card, the clipboard watch. */
export async function photographDesktopSettings(deps: DesktopPictureDeps, scheme: 'light' | 'dark', viewport: { width: number; height: number }): Promise<void> {
  const { context, page } = await desktopPage(deps, scheme, viewport);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('public-address-card')).toBeVisible();
  await expect(page.getByTestId('desktop-hotkey-status')).toHaveAttribute('data-state', 'registered');
  await expect(page.getByTestId('clipboard-status')).toHaveAttribute('data-status', 'watching');
  await expect(page.getByTestId('clipboard-rules')).toBeVisible();
  await deps.shoot(page, 'settings', scheme);
  await page.getByTestId('desktop-settings').evaluate((card) => card.scrollIntoView({ block: 'start' }));
  await deps.shoot(page, 'desktop-settings', scheme);
  // The card's rules, with the defaults above them as far as the window shows.
  await page.getByTestId('clipboard-rules').evaluate((rules) => rules.scrollIntoView({ block: 'end' }));
  await deps.shoot(page, 'clipboard-settings', scheme);
  await context.close();
}

/** The quick-shorten window, the tray menu and a notification: one size each, as the OS makes them. */
export async function photographDesktopWindows(deps: DesktopPictureDeps, scheme: 'light' | 'dark'): Promise<void> {
  // The quick-shorten window: its own document on the /quick route, as the main process loads it
  // (quick-window-url.ts), in the same tab so the web shell's token (kept for the tab) still holds.
  const { context, page } = await desktopPage(deps, scheme, QUICK_WINDOW_SIZE);
  await page.goto(`${new URL(deps.url).origin}/?open=1#/quick`);
  const url = page.getByTestId('quick-url');
  if (await page.getByTestId('quick-paste').isVisible()) await page.getByTestId('quick-paste').click();
  await expect(url).toHaveValue(COPIED);
  await page.getByTestId('quick-alias').fill('down-hood');
  await expect(page.getByTestId('quick-submit')).toBeEnabled();
  await deps.shoot(page, 'quick-shorten', scheme, true);

  await context.close();

  const html = await deps.browser.newContext({ ...deps.contextOptions, colorScheme: scheme, deviceScaleFactor: 1, viewport: { width: 900, height: 700 } });
  const picture = await html.newPage();
  await picture.setContent(trayMenuPicture(await trayTemplate(deps), { platform: PLATFORM, hover: 'quick-shorten' }));
  await deps.shootElement(picture, '[data-testid="picture"]', 'tray-menu', scheme);
  const notice = await copiedNotification(deps);
  await picture.setContent(notificationPicture(notice.shown));
  await deps.shootElement(picture, '[data-testid="picture"]', 'notification', scheme);
  await html.close();

  // Where the OS will not show it, the main window does (AppNotices.vue), pushed as desktop:notice.
  const main = await desktopPage(deps, scheme, deps.docsViewport);
  await main.page.evaluate((n) => (window as unknown as { __linkdeckDesktop: FakeDesktopControl }).__linkdeckDesktop.notice(n), notice.inApp);
  await expect(main.page.getByRole('alert').or(main.page.locator('.n-message')).filter({ hasText: notice.inApp.title })).toBeVisible();
  await deps.shoot(main.page, 'notification-in-app', scheme, true);
  await main.context.close();
}

/** The menu the real TrayController builds from the backend, with the watch as the desktop reports it. */
async function trayTemplate(deps: DesktopPictureDeps): Promise<MenuItemConstructorOptions[]> {
  let shown: MenuItemConstructorOptions[] | null = null;
  const router = {
    dispatch: async (channel: string, arg?: unknown) => {
      const answer = await deps.backend.router.dispatch(channel, arg);
      return channel === 'clipboard:state' && answer.ok ? { ok: true as const, value: desktopClipboardStatus(answer.value as ClipboardStatus) } : answer;
    },
  } as Backend['router'];
  const controller = new TrayController({
    backend: { router, subscribe: () => () => {} },
    render: (template) => void (shown = template),
    hotkey: () => SETTINGS.hotkey,
    quickShorten: () => {},
    openWindow: () => {},
    quit: () => {},
  });
  await controller.rebuild();
  controller.stop();
  if (!shown) throw new Error('The tray controller built no menu.');
  return shown;
}

/**
 * The watch's "copied" notice of the newest shop link: what Electron's Notification is given
 * (`shown`), and what the notifier hands the window when the OS will not show it (`inApp`).
 */
async function copiedNotification(deps: DesktopPictureDeps): Promise<{ shown: NotificationOptionsLike; inApp: DesktopNotice }> {
  const page = (await deps.call('links:list', { sort: 'date', direction: 'desc', offset: 0, limit: 100 })) as MirrorLinkPage;
  const link = page.items.find((l) => l.longUrl.includes('/products/')) ?? page.items[0];
  if (!link) throw new Error('The workspace has no link to notify about.');
  const profiles = (await deps.call('profiles:list')) as ProfilesState;
  const current = profiles.profiles.find((p) => p.id === profiles.currentId) ?? null;
  let given: NotificationOptionsLike | null = null;
  let inApp: DesktopNotice | null = null;
  const notifier = createNotifier(
    {
      isSupported: () => true,
      create: (options) => {
        given = options;
        return { on: () => undefined, show: () => {}, close: () => {} };
      },
    },
    { platform: PLATFORM },
  );
  const refused = createNotifier(
    {
      isSupported: () => false,
      create: () => {
        throw new Error('not supported');
      },
    },
    { platform: PLATFORM, fallback: ({ title, body, view }) => void (inApp = { title, body, ...(view ? { view } : {}) }) },
  );
  for (const each of [notifier, refused]) {
    const en = createTranslator('en', SHARED_MESSAGES);
    void notifierWithReach(each, () => {
      const ref = reachNoticeRef(current);
      return ref ? renderMessage(ref, en) : null;
    }).notify(createdNotice(en, link.shortUrl, link.longUrl));
    each.dispose();
  }
  if (!given || !inApp) throw new Error('The notifier made no notification.');
  return { shown: given, inApp };
}
