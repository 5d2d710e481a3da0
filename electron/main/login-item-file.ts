import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { autostartEntry } from './login-item.js';

/** Linux "Open at Login": the autostart entry exists or it does not. */
export function autostartEnabled(file: string): boolean {
  return existsSync(file);
}

/** Writes (enabled) or removes (disabled) the autostart entry. */
export function setAutostart(
  file: string,
  enabled: boolean,
  appName: string,
  command: readonly string[],
): void {
  if (!enabled) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, autostartEntry(appName, command));
  renameSync(temp, file);
}
