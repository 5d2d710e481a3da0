import type { LocalServiceHandle, StartLocalService } from '../backend/accounts/index.js';
import {
  failureError,
  parseFromLocalService,
  type ToLocalService,
} from './local-service-protocol.js';
import { KeyedError } from '../shared/keyed-error.js';
import { msg } from '../shared/message-ref.js';

/** A forked utility process as the main process sees it (Electron's UtilityProcess, adapted). */
export interface ServiceChild {
  /** Called once the process runs: messages are sent only then. */
  onSpawn(listener: () => void): void;
  postMessage(message: ToLocalService): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number) => void): void;
  kill(): void;
}

export interface ChildServiceOptions {
  fork: () => ServiceChild;
  log: (message: string) => void;
  /** How long a start may take (opening SQLite, migrations, listening). */
  startTimeoutMs?: number;
  /** How long a close may take (pending click writes) before the process is killed. */
  closeTimeoutMs?: number;
}

type State = 'starting' | 'running' | 'closing' | 'gone';

/**
 * A StartLocalService that runs each service in its own child process: a crash or a stuck
 * query there cannot take the window down, and SQLite work stays off the main process's loop.
 */
export function childLocalService(options: ChildServiceOptions): StartLocalService {
  const { fork, log } = options;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;

  return (startOptions) =>
    new Promise<LocalServiceHandle>((resolve, reject) => {
      const child = fork();
      let state: State = 'starting';
      let closed: (() => void) | null = null;

      const stop = (): void => {
        if (state === 'gone') return;
        state = 'gone';
        child.kill();
      };
      const startTimer = setTimeout(() => {
        if (state !== 'starting') return;
        stop();
        // Reaches the person inside errors.accounts.localNotStarted (accounts.ts), so a ref.
        reject(new KeyedError(msg('errors.localService.startTimeout', { seconds: Math.round(startTimeoutMs / 1000) })));
      }, startTimeoutMs);

      const close = (): Promise<void> =>
        new Promise<void>((done) => {
          if (state === 'gone') return done();
          state = 'closing';
          const finish = (): void => {
            clearTimeout(timer);
            closed = null;
            stop();
            done();
          };
          const timer = setTimeout(() => {
            // Log only: the close goes on (the process is stopped), nobody is told.
            log(
              `[local-service] the service did not close within ${closeTimeoutMs / 1000} s; stopping its process`,
            );
            finish();
          }, closeTimeoutMs);
          closed = finish;
          child.postMessage({ type: 'close' });
        });
      let closing: Promise<void> | null = null;

      child.onMessage((raw) => {
        const message = parseFromLocalService(raw);
        if (!message) {
          log('[local-service] ignored a message that is not part of the protocol');
          return;
        }
        if (message.type === 'started' && state === 'starting') {
          clearTimeout(startTimer);
          state = 'running';
          resolve({
            url: message.url,
            ...(message.port === undefined ? {} : { port: message.port }),
            ...(message.firstApiKey ? { firstApiKey: message.firstApiKey } : {}),
            close: () => (closing ??= close()),
          });
        } else if (message.type === 'failed' && state === 'starting') {
          clearTimeout(startTimer);
          stop();
          reject(failureError(message));
        } else if (message.type === 'closed' && state === 'closing') {
          closed?.();
        }
      });
      child.onExit((code) => {
        const was = state;
        state = 'gone';
        if (was === 'starting') {
          clearTimeout(startTimer);
          // The exit code as text: a number argument would get the locale's thousands separators.
          reject(new KeyedError(msg('errors.localService.endedBeforeStart', { code: String(code) })));
        } else if (was === 'running') {
          // Log only (no person reads it here), so English.
          log(
            `[local-service] the local service process ended unexpectedly (exit code ${code}); the local workspace is offline until Linkdeck restarts`,
          );
        }
        closed?.();
      });
      child.onSpawn(() =>
        child.postMessage({
          type: 'start',
          dataDir: startOptions.dataDir,
          ...(startOptions.port === undefined ? {} : { port: startOptions.port }),
          ...(startOptions.publicUrl === undefined ? {} : { publicUrl: startOptions.publicUrl }),
          ...(startOptions.trustProxy === undefined ? {} : { trustProxy: startOptions.trustProxy }),
        }),
      );
    });
}
