import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { userDataDir } from '../web/user-data-dir.js';

/**
 * The data folder the app uses (the same rule as both shells: LINKDECK_DATA_DIR, else Electron's
 * userData for "Linkdeck"), or `--data-dir`. Relative paths are taken from where the command runs.
 */
export function cliDataDir(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const chosen = flag?.trim() || env['LINKDECK_DATA_DIR']?.trim();
  if (chosen) return resolve(chosen);
  return userDataDir('Linkdeck', process.platform, env, homedir());
}
