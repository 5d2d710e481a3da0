import type { Backend } from '../backend.js';
import { commandLineAddress } from './address.js';
import { claimDataDir, type CommandLineHost, type Door } from './door.js';
import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';

/** The folder is another window's: its sentence as a ref (issue 44), English as `message` for logs. */
export class AppAlreadyRunning extends Error {
  readonly ref: MessageRef;
  constructor(ref: MessageRef) {
    super(englishText(ref));
    this.ref = ref;
  }
}

export const alreadyRunningRef = (dataDir: string, pid: number): MessageRef => msg('errors.dataDirBusy', { dir: dataDir, pid: String(pid) });

export interface AppDoorOptions {
  dataDir: string;
  version: string;
  log: (message: string) => void;
  /** Told once when a `linkdeck` command holds the folder and the app waits for it to finish. */
  onWait?: (pid: number) => void;
}

/**
 * The app's side of "never two writers", for both shells: claims the data folder's door before
 * the backend opens its databases. A `linkdeck` command working on its own holds the folder for
 * a moment: the app waits for it to hang up, then claims it. Another app on the same folder is
 * refused in words (the Electron shell's single-instance lock already stops a second Electron;
 * this also stops the web shell beside it).
 */
export async function claimForApp(options: AppDoorOptions): Promise<Door> {
  const address = commandLineAddress(options.dataDir);
  for (;;) {
    const claim = await claimDataDir({
      address,
      owner: 'app',
      version: options.version,
      log: options.log,
    });
    if ('door' in claim) return claim.door;
    const { hello, running } = claim;
    if (hello.owner === 'app') {
      running.close();
      throw new AppAlreadyRunning(alreadyRunningRef(options.dataDir, hello.pid));
    }
    options.onWait?.(hello.pid);
    await running.closed;
  }
}

/** Answers commands with the app's own router: the channels the renderer uses, nothing else. */
export function backendHost(
  backend: Backend,
  show?: (view: string) => Promise<void>,
): CommandLineHost {
  return {
    dispatch: (channel, arg, profile) =>
      (profile && backend.routerFor ? backend.routerFor(profile) : backend.router).dispatch(
        channel,
        arg,
      ),
    ...(show ? { show } : {}),
  };
}
