import type { Backend } from '../backend.js';
import { createBackend, type BackendOptions } from '../create-backend.js';
import type { MessageRef } from '../../shared/message-ref.js';
import { errorRefOf } from '../../shared/keyed-error.js';
import { backendHost, claimForApp } from './app-door.js';

export interface AppBackendOptions extends BackendOptions {
  /** Told once when a `linkdeck` command holds the folder and the app waits for it to finish. */
  onWait?: (pid: number) => void;
  /** Brings the app's window forward on a view (`linkdeck open`); the Electron shell only. */
  show?: (view: string) => Promise<void>;
}

/**
 * The door could not be claimed (another app on the folder): its message says so in English,
 * `ref` in the person's language when the cause has one (issue 44).
 */
export class DataDirBusy extends Error {
  readonly ref: MessageRef | undefined;
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.ref = errorRefOf(options.cause);
  }
}

/**
 * The app's backend behind the data folder's door, as both shells open it: the door is claimed
 * first (waiting for a `linkdeck` command working on its own to finish), then the databases
 * open, then commands are answered by the app's router. Closing the backend closes the door
 * after it, so a command's next attempt finds the folder free only once the files are closed.
 */
export async function openAppBackend(options: AppBackendOptions): Promise<Backend> {
  const { onWait, show, ...backendOptions } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  const door = await claimForApp({
    dataDir: options.dataDir,
    version: options.appVersion ?? '0.0.0',
    log,
    ...(onWait ? { onWait } : {}),
  }).catch((error: unknown) => {
    throw new DataDirBusy((error as Error).message, { cause: error });
  });
  let opened: Backend;
  try {
    opened = await createBackend(backendOptions);
  } catch (error) {
    await door.close();
    throw error;
  }
  door.serve(backendHost(opened, show));
  return { ...opened, close: () => door.close(() => opened.close()) };
}
