/**
 * Entry of the utility process that runs the embedded local service (forked by
 * local-service-utility.ts). It imports no Electron module: its port to the main process is
 * `process.parentPort`.
 */
import { startWorkspaceService } from '../service/start.js';
import { serveLocalService } from './local-service-child.js';

const parent = (process as { parentPort?: Electron.ParentPort }).parentPort;
if (!parent) {
  console.error('This is the Linkdeck local service process; Linkdeck starts it itself.');
  process.exit(1);
} else {
  serveLocalService(
    {
      onMessage: (listener) => void parent.on('message', (event) => listener(event.data)),
      postMessage: (message) => parent.postMessage(message),
    },
    // The local workspace is the user's own (as in createBackend's default).
    startWorkspaceService,
    (message) => console.warn(message),
  );
}
