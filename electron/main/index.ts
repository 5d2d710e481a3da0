import { app, dialog, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Backend } from '../backend/backend.js';
import { createBackend } from '../backend/create-backend.js';
import { devServerLocation, fileLocation, type AppLocation } from './app-location.js';
import { connectIpc } from './ipc.js';
import { openExternalSafely, secureSession } from './security.js';
import { createMainWindow, focusWindow } from './window.js';

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

function openWindow(location: AppLocation, current: Backend): void {
  const created = createMainWindow(location, log);
  win = created;
  disconnect = connectIpc(created, current, location, log);
  created.on('closed', () => {
    disconnect?.();
    disconnect = null;
    if (win === created) win = null;
  });
}

async function start(): Promise<void> {
  const location = appLocation();
  secureSession(session.defaultSession, location, log);
  let current: Backend;
  try {
    current = await createBackend({
      dataDir: app.getPath('userData'),
      shell: 'electron',
      appVersion: app.getVersion(),
      openExternal: openExternalSafely,
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
  app.on('activate', () => {
    if (!win) openWindow(location, current);
  });
}

// One Linkdeck at a time: two would share (and fight over) the same databases and keychain.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (win) focusWindow(win);
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
