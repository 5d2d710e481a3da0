import { utilityProcess } from 'electron';
import { join } from 'node:path';
import type { StartLocalService } from '../backend/accounts/index.js';
import { childLocalService } from './local-service-client.js';
import { LOCAL_SERVICE_ENTRY } from './local-service-protocol.js';

/**
 * The embedded local service in an Electron utility process (a Node process Chromium starts
 * and stops with the app; no ELECTRON_RUN_AS_NODE needed, which the fuses turn off).
 * Call after the app is ready.
 */
export function utilityLocalService(log: (message: string) => void): StartLocalService {
  // Built beside main's index.js (electron.vite.config.ts); no cwd: inside app.asar it would not exist.
  const entry = join(import.meta.dirname, `${LOCAL_SERVICE_ENTRY}.js`);
  return childLocalService({
    log,
    fork: () => {
      const child = utilityProcess.fork(entry, [], {
        serviceName: 'Linkdeck local service',
        stdio: 'inherit',
      });
      return {
        onSpawn: (listener) => void child.once('spawn', listener),
        postMessage: (message) => child.postMessage(message),
        onMessage: (listener) => void child.on('message', listener),
        onExit: (listener) => void child.on('exit', listener),
        kill: () => void child.kill(),
      };
    },
  });
}
