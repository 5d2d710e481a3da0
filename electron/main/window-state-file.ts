import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseWindowState, type WindowState } from './window-bounds.js';

/** The main window's last size and position, in the app's data directory. */
export const WINDOW_STATE_FILE = 'window-state.json';

export function windowStatePath(dataDir: string): string {
  return join(dataDir, WINDOW_STATE_FILE);
}

/** The saved state; null when there is none or it is unreadable (the window then opens as new). */
export function readWindowState(file: string): WindowState | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return parseWindowState(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Written whole then renamed: a crash mid-write leaves the previous state, never half a file. */
export function writeWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temp, file);
}
