import { app, dialog, Menu, screen, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Backend } from '../backend/backend.js';
import { createBackend } from '../backend/create-backend.js';
import { appMenuTemplate } from './app-menu.js';
import { devServerLocation, fileLocation, type AppLocation } from './app-location.js';
import { connectIpc } from './ipc.js';
import { utilityLocalService } from './local-service-utility.js';
import { newLinkRequests } from './new-link-requests.js';
import { openAtLogin } from './open-at-login.js';
import { parseProtocolUrl, PROTOCOL_SCHEME, protocolUrlFromArgv } from './protocol-url.js';
import { openExternalSafely, secureSession } from './security.js';
import { restoredBounds } from './window-bounds.js';
import { WINDOW_SIZE } from './window-options.js';
import { readWindowState, windowStatePath, writeWindowState } from './window-state-file.js';
import { createMainWindow, focusWindow, type WindowPlacement } from './window.js';

const log = (message: string): void => console.warn(message);

/** The dev server URL is honoured only in development: a packaged app always loads its own files. */
function appLocation(): AppLocation {
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (devUrl && !app.isPackaged) return devServerLocation(devUrl);
  return fileLocation(join(import.meta.dirname, '../renderer/index.html'));
}

let backend: Backend | null = null;
let win: BrowserWindow | null = null;
let disconnect: (() => void) | null = null;

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

function openWindow(location: AppLocation, current: Backend): void {
  const created = createMainWindow(location, log, windowPlacement());
  win = created;
  disconnect = connectIpc(created, current, location, log);
  created.on('closed', () => {
    disconnect?.();
    disconnect = null;
    if (win === created) win = null;
  });
}

function setAppMenu(): void {
  const loginItem = openAtLogin();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        platform: process.platform,
        appName: app.name,
        development: !app.isPackaged,
        ...(loginItem
          ? {
              openAtLogin: {
                enabled: loginItem.enabled(),
                set: (enabled) => {
                  try {
                    loginItem.set(enabled);
                  } catch (error) {
                    log(`[app] could not change "Open at Login": ${String(error)}`);
                  }
                  // The checkbox shows what the OS now has, not what was clicked.
                  setAppMenu();
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
  setAppMenu();
  let current: Backend;
  try {
    current = await createBackend({
      dataDir: app.getPath('userData'),
      shell: 'electron',
      appVersion: app.getVersion(),
      openExternal: openExternalSafely,
      // The local workspace's service runs in a utility process, off the window's process.
      startLocalService: utilityLocalService(log),
      log,
    });
  } catch (error) {
    dialog.showErrorBox(
      'Linkdeck could not start',
      `Its data could not be opened in ${app.getPath('userData')}.\n\n${String(error)}`,
    );
    app.exit(1);
    return;
  }
  backend = current;
  openWindow(location, current);
  // Until the quick-shorten window takes these requests over, they bring the main window forward.
  newLinkRequests.handle(() => {
    if (win) focusWindow(win);
    else openWindow(location, current);
  });
  app.on('activate', () => {
    if (!win) openWindow(location, current);
  });
}

// One Linkdeck at a time: two would share (and fight over) the same databases and keychain.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Packaged only: from source the OS would hand linkdeck:// links to a bare Electron.
  if (app.isPackaged && !app.isDefaultProtocolClient(PROTOCOL_SCHEME))
    app.setAsDefaultProtocolClient(PROTOCOL_SCHEME);
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
    else if (win) focusWindow(win);
  });
  app.on('window-all-closed', () => app.quit());

  // Close the backend (flush the outbox, stop the local service, close SQLite) before exiting.
  let closing = false;
  app.on('before-quit', (event) => {
    if (!backend || closing) return;
    event.preventDefault();
    closing = true;
    const done = backend;
    backend = null;
    void done
      .close()
      .catch((error: unknown) => log(`[app] backend did not close cleanly: ${String(error)}`))
      .finally(() => app.quit());
  });

  void app.whenReady().then(start);
}
