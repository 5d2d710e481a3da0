import { ipcMain, type BrowserWindow, type WebContents } from 'electron';
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
    message: 'This call did not come from a Linkdeck window, so it was refused.',
    // The renderer says the key in the person's language; `message` is the English for logs.
    key: 'desktop.problem.notOurWindow',
  },
};

export interface IpcHost {
  /** Lets a window of ours (main, quick shorten) call the contract and hear events; returns the undo. */
  attach(win: BrowserWindow): () => void;
  /** Removes every handler and stops forwarding events. */
  close(): void;
}

/**
 * Registers one ipcMain handler per contract channel (no generic passthrough), answering only
 * the main frame of a window attached here while it shows our app, and forwards the backend's
 * push events to those windows. ipcMain takes one handler per channel, so every window shares them.
 */
export function createIpcHost(backend: Backend, location: AppLocation, log: (message: string) => void): IpcHost {
  const attached = new Set<WebContents>();
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      const contents = [...attached].find((c) => !c.isDestroyed() && c.id === event.sender.id);
      const trusted = contents !== undefined && isTrustedSender(event.senderFrame, { mainFrame: contents.mainFrame, location });
      if (!trusted) {
        log(`[ipc] refused ${channel} from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
        return unauthorized;
      }
      return backend.router.dispatch(channel, arg);
    });
  }
  const unsubscribe = backend.subscribe((name, payload) => {
    if (!isEvent(name)) return;
    for (const contents of attached) {
      if (contents.isDestroyed() || !isAppUrl(contents.mainFrame.url, location)) continue;
      contents.send(EVENT_CHANNEL, name, payload);
    }
  });
  return {
    attach(win) {
      const contents = win.webContents;
      attached.add(contents);
      return () => void attached.delete(contents);
    },
    close() {
      unsubscribe();
      attached.clear();
      for (const channel of CHANNELS) ipcMain.removeHandler(channel);
    },
  };
}
