// First: V8's memory setting for the backend that runs in this process (process-memory-setup.ts).
import '../backend/process-memory-setup.js';
import { app, dialog, globalShortcut, Menu, powerMonitor, screen, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Backend } from '../backend/backend.js';
import type { DesktopNotice } from '../shared/desktop.js';
import type { LanguageState } from '../shared/language.js';
import { DataDirBusy, openAppBackend } from '../backend/command-line/app-backend.js';
import { appMenuTemplate } from './app-menu.js';
import { devServerLocation, fileLocation, type AppLocation } from './app-location.js';
import { AppShutdown } from './app-shutdown.js';
import { appUserModelId } from './app-user-model-id.js';
import { closeAction, type CloseAction } from './close-to-tray.js';
import { dataDirArguments } from './data-dir.js';
import { renderMessage } from '../shared/message-ref.js';
import { DesktopLanguage, savedLanguageChoice } from './desktop-language.js';
import { notifyDesktopEvents } from './desktop-notifications.js';
import { desktopSettingsPath } from './desktop-settings-file.js';
import { desktopCapabilities, prepareBeforeReady } from './desktop-session.js';
import { DesktopSettingsService } from './desktop-settings.js';
import { electronClipboard } from './electron-clipboard.js';
import { electronNotifier } from './electron-notifier.js';
import { HeldNotices, routeInAppNotice } from './held-notices.js';
import { createIpcHost, type IpcHost } from './ipc.js';
import { utilityLocalService } from './local-service-utility.js';
import { electronFetch } from './net-fetch.js';
import { newLinkRequests } from './new-link-requests.js';
import type { DesktopNotifier, NotificationRecord } from './notifier.js';
import { openAtLogin } from './open-at-login.js';
import { parseProtocolUrl, PROTOCOL_SCHEME, protocolUrlFromArgv } from './protocol-url.js';
import { QuickWindow } from './quick-window.js';
import { openExternalSafely, secureSession } from './security.js';
import { endWithOsShutdown, endWithWindowsSession, holdQuitForClose } from './session-end-events.js';
import { clickMenuItem, installTestHooks, menuSnapshot, testHooksEnabled } from './test-hooks.js';
import { createAppTray, type AppTray } from './tray.js';
import { restoredBounds } from './window-bounds.js';
import { WINDOW_SIZE } from './window-options.js';
import { readWindowState, windowStatePath, writeWindowState } from './window-state-file.js';
import { createMainWindow, focusWindow, rememberPlace, showView, type WindowPlacement } from './window.js';

const log = (message: string): void => console.warn(message);

/** The dev server URL is honoured only in development: a packaged app always loads its own files. */
function appLocation(): AppLocation {
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (devUrl && !app.isPackaged) return devServerLocation(devUrl);
  return fileLocation(join(import.meta.dirname, '../renderer/index.html'));
}

let backend: Backend | null = null;
let win: BrowserWindow | null = null;
/** Where the main window is remembered (window-state.json), once it is open. */
let winPlacement: WindowPlacement | null = null;
let detachWindow: (() => void) | null = null;
let ipc: IpcHost | null = null;
let quick: QuickWindow | null = null;
let tray: AppTray | null = null;
let desktopSettings: DesktopSettingsService | null = null;
let notifier: DesktopNotifier | null = null;
/** Notices the OS refused while no main window was open: listed in the tray's menu (held-notices.ts). */
const heldNotices = new HeldNotices(() => tray?.controller.schedule());
/** What became of each notification (the smoke test's hook reads it; kept only with the hooks on). */
const notificationLog: NotificationRecord[] = [];
/** Where the renderer is, once started. */
let started: AppLocation | null = null;
/** The shell's language (menus, notifications, dialogs): made once the app is ready. */
let language: DesktopLanguage | null = null;
const hooksEnabled = testHooksEnabled(process.env, app.isPackaged);

/** One close sequence for every way Linkdeck ends, the person's quit or the OS's (app-shutdown.ts). */
const shutdown = new AppShutdown({
  // Windows' query-session-end: the window's place, which is otherwise written only as it closes.
  flush: () => {
    if (win && winPlacement) rememberPlace(win, winPlacement, log);
  },
  stopDesktop: () => {
    desktopSettings?.dispose();
    tray?.destroy();
    tray = null;
    quick?.destroy();
    notifier?.dispose();
  },
  backend: () => backend,
  quit: () => app.quit(),
  log,
});

/** What closing the main window does now: hide it in the tray, quit, or keep running (close-to-tray.ts). */
function mainWindowClose(): CloseAction {
  return closeAction({
    platform: process.platform,
    closeToTray: desktopSettings?.get().closeToTray ?? false,
    trayAlive: tray?.alive() ?? false,
    quitting: shutdown.quitting,
    otherWindows: 0,
  });
}

/** The last size and position, put back on a display that is still there. */
function windowPlacement(): WindowPlacement {
  const file = windowStatePath(app.getPath('userData'));
  const saved = readWindowState(file);
  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)];
  return {
    bounds: restoredBounds(
      saved?.bounds ?? null,
      displays.map((d) => d.workArea),
      WINDOW_SIZE,
    ),
    maximized: saved?.maximized ?? false,
    remember: (state) => writeWindowState(file, state),
  };
}

function openWindow(location: AppLocation, host: IpcHost): void {
  const placement = windowPlacement();
  const created = createMainWindow(location, log, placement);
  win = created;
  winPlacement = placement;
  detachWindow = host.attach(created);
  endWithWindowsSession(process.platform, created, app, shutdown, log);
  created.on('close', (event) => {
    if (mainWindowClose() === 'hide') {
      event.preventDefault();
      created.hide();
    }
  });
  created.on('closed', () => {
    detachWindow?.();
    detachWindow = null;
    if (win === created) win = null;
    // A hidden quick window would keep the app alive with nothing on screen.
    if (mainWindowClose() === 'quit') quick?.destroy();
  });
}

/** The main window, shown and in front (made again if it was closed), on `view` when given. */
function showMainWindow(location: AppLocation, view: string | null = null): void {
  if (win) focusWindow(win);
  else if (ipc) openWindow(location, ipc);
  if (win && view) showView(win, location, view, log);
}

function setAppMenu(): void {
  const loginItem = openAtLogin(desktopSession.dataDir);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        platform: process.platform,
        appName: app.name,
        ...(language ? { t: language.t } : {}),
        development: !app.isPackaged,
        ...(loginItem
          ? {
              openAtLogin: {
                enabled: loginItem.enabled(),
                set: (enabled) => {
                  // Through the settings, so the settings card hears of it (desktop:changed).
                  const change = desktopSettings
                    ? desktopSettings.configure({ openAtLogin: enabled }).then(() => undefined)
                    : Promise.resolve().then(() => loginItem.set(enabled));
                  void change
                    .catch((error: unknown) => log(`[app] could not change "Open at Login": ${String(error)}`))
                    // The checkbox shows what the OS now has, not what was clicked.
                    .finally(() => setAppMenu());
                },
              },
            }
          : {}),
      }),
    ),
  );
}

/** A linkdeck:// URL from the OS: refused unless it is a well-formed new-link request. */
function receiveProtocolUrl(raw: string): void {
  const request = parseProtocolUrl(raw);
  if (!request) {
    log(`[protocol] refused ${raw.slice(0, 200)}`);
    return;
  }
  newLinkRequests.push(request);
}

async function start(): Promise<void> {
  const location = appLocation();
  secureSession(session.defaultSession, location, log);
  // The OS's languages until the backend says what the person chose (Settings → Language).
  const shellLanguage = new DesktopLanguage(() => app.getPreferredSystemLanguages());
  shellLanguage.apply({ choice: savedLanguageChoice(app.getPath('userData')), system: app.getPreferredSystemLanguages() });
  language = shellLanguage;
  setAppMenu();
  const osClipboard = electronClipboard(log);
  const settings = new DesktopSettingsService({
    file: desktopSettingsPath(app.getPath('userData')),
    platform: process.platform,
    shortcuts: globalShortcut,
    loginItem: openAtLogin(desktopSession.dataDir),
    capabilities: desktopCapabilities(desktopSession, log),
    translate: () => shellLanguage.t,
    onHotkey: () => quick?.open(),
    log,
  });
  desktopSettings = settings;
  // Notifications the OS would not show (macOS unsigned builds: always) go to the window instead,
  // or, while there is no main window (macOS keeps running without one), to the tray's menu.
  const inAppNotices = new Set<(notice: DesktopNotice) => void>();
  const toWindowOrTray = routeInAppNotice({
    hasMainWindow: () => win !== null && !win.isDestroyed(),
    send: (notice) => {
      for (const listener of inAppNotices) listener(notice);
    },
    held: heldNotices,
  });
  const desktopNotifier = electronNotifier(log, {
    fallback: ({ title, body, view }) => toWindowOrTray({ title, body, ...(view ? { view } : {}) }),
    // A click on a notification (not an action) opens its view: nothing depends on macOS's buttons.
    openView: (view) => showMainWindow(location, view),
    ...(hooksEnabled ? { observe: (record: NotificationRecord) => void notificationLog.push(record) } : {}),
  });
  notifier = desktopNotifier;
  let current: Backend;
  try {
    // Behind the data folder's door: `linkdeck` commands ask this app to do their work, and one
    // working on its own finishes before the databases open (backend/command-line/app-backend.ts).
    current = await openAppBackend({
      dataDir: app.getPath('userData'),
      shell: 'electron',
      appVersion: app.getVersion(),
      openExternal: openExternalSafely,
      // The local workspace's service runs in a utility process, off the window's process.
      startLocalService: utilityLocalService(log),
      // API calls through Chromium's network stack: the OS proxy, PAC file and trusted roots apply.
      fetch: electronFetch,
      log,
      // Electron's list, most wanted first (Windows: GlobalizationPreferences; macOS:
      // NSLocale preferredLanguages; Linux: g_get_language_names, i.e. LANGUAGE, LC_ALL,
      // LC_MESSAGES, LANG), read at each ask so a change in the OS is followed.
      systemLanguages: () => app.getPreferredSystemLanguages(),
      desktop: {
        clipboard: osClipboard,
        // A message ref: the window words it in the person's language of the moment.
        clipboardWatch: desktopSession.clipboardWatch.available
          ? { available: true }
          : { available: false, reason: desktopSession.clipboardWatch.reason },
        notifier: desktopNotifier,
        settings,
        onInAppNotice: (listener) => {
          inAppNotices.add(listener);
          return () => void inAppNotices.delete(listener);
        },
      },
      show: async (view) => showMainWindow(location, view),
    });
  } catch (error) {
    const t = shellLanguage.t;
    dialog.showErrorBox(
      t('desktop.dialog.startFailedTitle'),
      error instanceof DataDirBusy ? (error.ref ? renderMessage(error.ref, t) : error.message) : t('desktop.dialog.dataUnreadable', { dir: app.getPath('userData'), error: String(error) }),
    );
    app.exit(1);
    return;
  }
  backend = current;
  started = location;
  // The language chosen in Settings: the menus, notifications and the quick window follow it,
  // now and after each change (language:changed), without a restart.
  shellLanguage.onChange(() => {
    setAppMenu();
    tray?.controller.schedule();
    settings.languageChanged();
  });
  current.subscribe((event, payload) => {
    if (event === 'language:changed') shellLanguage.apply(payload as LanguageState);
  });
  const chosen = await current.router.dispatch('language:get', undefined);
  if (chosen.ok) shellLanguage.apply(chosen.value as LanguageState);
  const host = createIpcHost(current, location, log);
  ipc = host;
  const quickWindow = new QuickWindow(location, (w) => host.attach(w), log, () => shellLanguage.t('desktop.quickWindowTitle'));
  quick = quickWindow;
  openWindow(location, host);
  settings.start();
  tray = createAppTray({
    backend: current,
    hotkey: () => {
      const now = settings.get();
      return now.hotkeyRegistered ? now.hotkey : null;
    },
    quickShorten: () => quickWindow.open(),
    openWindow: () => showMainWindow(location),
    quit: () => app.quit(),
    translate: () => shellLanguage.t,
    missed: {
      missed: () => heldNotices.list(),
      openMissed: (index) => {
        const notice = heldNotices.take(index);
        if (notice) showMainWindow(location, notice.view ?? null);
      },
      clearMissed: () => heldNotices.clear(),
    },
    log,
  });
  notifyDesktopEvents({ backend: current, notifier: desktopNotifier, openWindow: () => showMainWindow(location), translate: () => shellLanguage.t, log });
  // linkdeck://new?url=… opens the quick-shorten window, pre-filled; the person confirms there.
  newLinkRequests.handle((request) => quickWindow.open(request.url));
  app.on('activate', () => showMainWindow(location));
  endWithOsShutdown(process.platform, powerMonitor, shutdown, log);
  if (hooksEnabled) {
    installTestHooks({
      trayMenu: () => menuSnapshot(tray?.controller.template ?? []),
      clickTrayItem: (id) => clickMenuItem(tray?.controller.template ?? [], id),
      openQuickShorten: (url) => quickWindow.open(url),
      quickWindowUrl: () => quickWindow.currentUrl(),
      notifications: () => [...notificationLog],
    });
  }
}

// Before ready: LINKDECK_DATA_DIR (or the smoke test's directory) and the Wayland hotkey portal.
const desktopSession = prepareBeforeReady(hooksEnabled, log);

// Before any window or notification: Windows shows no toast (or an unnamed one) without it.
const userModelId = appUserModelId(process.platform, app.isPackaged, process.execPath);
if (userModelId) app.setAppUserModelId(userModelId);

// One Linkdeck at a time: two would share (and fight over) the same databases and keychain.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Packaged only: from source the OS would hand linkdeck:// links to a bare Electron. Not on
  // Linux, where it runs xdg-settings (known to claim text/html too): desktop-session.ts does it.
  // On Windows the registration carries --linkdeck-data-dir when this run uses another data folder,
  // so a link reaches this Linkdeck (its single-instance lock) rather than starting another.
  const protocolArgs = process.platform === 'win32' ? dataDirArguments(desktopSession.dataDir) : [];
  if (app.isPackaged && process.platform !== 'linux' && !app.isDefaultProtocolClient(PROTOCOL_SCHEME, process.execPath, protocolArgs))
    app.setAsDefaultProtocolClient(PROTOCOL_SCHEME, process.execPath, protocolArgs);
  // macOS delivers linkdeck:// links as open-url, possibly before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    receiveProtocolUrl(url);
  });
  const launchUrl = protocolUrlFromArgv(process.argv);
  if (launchUrl) receiveProtocolUrl(launchUrl);

  app.on('second-instance', (_event, argv) => {
    const url = protocolUrlFromArgv(argv);
    if (url) receiveProtocolUrl(url);
    else if (started) showMainWindow(started);
  });
  // Close to tray off: the last window closed quits, tray or not (macOS apps stay in the dock).
  app.on('window-all-closed', () => {
    if (mainWindowClose() === 'quit') app.quit();
  });

  // Close the backend (flush the outbox, stop the local service, close SQLite) before exiting;
  // the OS ending the session runs the same sequence (session-end-events.ts).
  app.on('before-quit', (event) => {
    if (shutdown.beforeQuit()) event.preventDefault();
  });
  holdQuitForClose(app, shutdown);

  void app.whenReady().then(start);
}
