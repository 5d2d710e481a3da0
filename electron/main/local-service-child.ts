import type { LocalServiceHandle, StartLocalService } from '../backend/accounts/index.js';
import {
  failureMessage,
  parseToLocalService,
  type FromLocalService,
} from './local-service-protocol.js';
import { englishText, msg } from '../shared/message-ref.js';

/** The utility process's end of the port to the main process (Electron's parentPort, adapted). */
export interface ParentChannel {
  onMessage(listener: (message: unknown) => void): void;
  postMessage(message: FromLocalService): void;
}

/**
 * The utility process side: starts the service on `start`, closes it on `close`, and answers
 * each. One service per process: the main process forks a new one for every start.
 */
export function serveLocalService(
  channel: ParentChannel,
  start: StartLocalService,
  log: (message: string) => void,
): void {
  let running: Promise<LocalServiceHandle | null> | null = null;
  let closing: Promise<void> | null = null;
  channel.onMessage((raw) => {
    const message = parseToLocalService(raw);
    if (!message) {
      log('[local-service] ignored a message that is not part of the protocol'); // log only: English
      return;
    }
    if (message.type === 'start') {
      if (running || closing) {
        // A ref too: the main process rethrows it, and it reaches the person as the reason why
        // the local workspace did not start (errors.accounts.localNotStarted).
        const ref = msg('errors.localService.startedTwice');
        channel.postMessage({ type: 'failed', message: englishText(ref), ref });
        return;
      }
      const options = {
        dataDir: message.dataDir,
        ...(message.port === undefined ? {} : { port: message.port }),
        ...(message.publicUrl === undefined ? {} : { publicUrl: message.publicUrl }),
        ...(message.trustProxy === undefined ? {} : { trustProxy: message.trustProxy }),
      };
      running = start(options).then(
        (handle) => {
          channel.postMessage(
            {
              type: 'started',
              url: handle.url,
              ...(handle.port === undefined ? {} : { port: handle.port }),
              ...(handle.firstApiKey ? { firstApiKey: handle.firstApiKey } : {}),
            },
          );
          return handle;
        },
        (error: unknown) => {
          channel.postMessage(failureMessage(error));
          return null;
        },
      );
      return;
    }
    // A close during the start waits for it, so the database is never left open.
    closing ??= (async () => {
      const handle = await running;
      await handle?.close();
    })()
      .catch((error: unknown) =>
        log(`[local-service] the service did not close cleanly: ${String(error)}`),
      )
      .then(() => channel.postMessage({ type: 'closed' }));
  });
}
