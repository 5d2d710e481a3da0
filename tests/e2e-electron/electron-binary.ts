import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronBinary = { path: string } | { path: null; reason: string };

/**
 * The Electron binary the smoke test launches, found without `require('electron')` (which tries
 * to download a missing binary, for minutes, on a machine without GitHub access).
 */
export function findElectronBinary(root: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): ElectronBinary {
  const pkg = join(root, 'node_modules', 'electron');
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  let binary: string | null = null;
  if (override) {
    binary = join(override, platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : platform === 'win32' ? 'electron.exe' : 'electron');
  } else if (existsSync(join(pkg, 'path.txt'))) {
    binary = join(pkg, 'dist', readFileSync(join(pkg, 'path.txt'), 'utf8').trim());
  }
  if (!binary) {
    return { path: null, reason: 'the Electron binary is not installed (node_modules/electron has no path.txt: its download did not happen or failed)' };
  }
  if (!existsSync(binary)) return { path: null, reason: `the Electron binary ${binary} does not exist` };
  return { path: binary };
}
