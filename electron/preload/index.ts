import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNEL } from '../main/event-channel.js';
import { buildBridge } from './build-bridge.js';

contextBridge.exposeInMainWorld(
  'linkdeck',
  buildBridge({
    invoke: (channel, arg) => ipcRenderer.invoke(channel, arg),
    // The IpcRendererEvent stays here: it would hand the page a `sender` it must never hold.
    onEvent: (handler) =>
      ipcRenderer.on(EVENT_CHANNEL, (_event, name: unknown, payload: unknown) =>
        handler(name, payload),
      ),
  }),
);
