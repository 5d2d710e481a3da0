import { ipcMain, type BrowserWindow } from 'electron';
import type { Backend } from '../backend/backend.js';
import { CHANNELS, isEvent, type Result } from '../shared/contract.js';
import type { AppLocation } from './app-location.js';
import { isAppUrl } from './app-location.js';
import { EVENT_CHANNEL } from './event-channel.js';
import { isTrustedSender } from './ipc-guard.js';

const unauthorized: Result<never> = {
  ok: false,
  error: {
    code: 'unauthorized',
    message: 'This call did not come from the Linkdeck window, so it was refused.',
  },
};

/**
 * Registers one ipcMain handler per contract channel (no generic passthrough) answering only
 * our window's main frame, and forwards the backend's push events to it. Returns the undo.
 */
export function connectIpc(
  win: BrowserWindow,
  backend: Backend,
  location: AppLocation,
  log: (message: string) => void,
): () => void {
  const contents = win.webContents;
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      const trusted =
        !contents.isDestroyed() &&
        event.sender.id === contents.id &&
        isTrustedSender(event.senderFrame, { mainFrame: contents.mainFrame, location });
      if (!trusted) {
        log(`[ipc] refused ${channel} from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
        return unauthorized;
      }
      return backend.router.dispatch(channel, arg);
    });
  }
  const unsubscribe = backend.subscribe((name, payload) => {
    if (!isEvent(name) || contents.isDestroyed() || !isAppUrl(contents.mainFrame.url, location))
      return;
    contents.send(EVENT_CHANNEL, name, payload);
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
