/**
 * A profile's clipboard watch settings on disk: `clipboard.json` in the profile's data directory.
 * Each profile has its own rules (a team's service and a personal one rarely want the same), and
 * they stay with the profile's other local data, so removing the profile removes them too.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import {
  DEFAULT_CLIPBOARD_SETTINGS,
  type ClipboardSettings,
} from '../../shared/clipboard-rules.js';
import { validateClipboardSettings } from './settings.js';

export const CLIPBOARD_SETTINGS_FILE = 'clipboard.json';

export const clipboardSettingsPath = (dir: string) => join(dir, CLIPBOARD_SETTINGS_FILE);

/** A fresh copy of the defaults (the frozen constant must never be handed out to be changed). */
export const defaultClipboardSettings = (): ClipboardSettings => ({
  ...DEFAULT_CLIPBOARD_SETTINGS,
  defaults: {},
  rules: [],
});

/**
 * Reads the settings. No file: the defaults (the watch is off until turned on). A file that is
 * not JSON or does not pass the settings' validation (edited by hand, written by a newer version,
 * damaged) also gives the defaults, so the app starts; it is moved aside rather than overwritten
 * by the next save, and the log says where it went and why.
 */
export async function readClipboardSettings(
  dir: string,
  log: (message: string) => void,
): Promise<ClipboardSettings> {
  const path = clipboardSettingsPath(dir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return defaultClipboardSettings();
    log(
      `[clipboard] ${path} could not be read (${(error as Error).message}); the clipboard watch uses its defaults.`,
    );
    return defaultClipboardSettings();
  }
  let problem: string;
  try {
    const parsed: unknown = JSON.parse(text);
    const body =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as { version?: unknown; settings?: unknown })
        : {};
    if (body.version !== 1) problem = 'it is not a version 1 settings file';
    else {
      const result = validateClipboardSettings(body.settings);
      if (result.ok) return result.settings;
      problem = result.issues
        .slice(0, 3)
        .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
        .join('; ');
    }
  } catch (error) {
    problem = `it is not JSON (${(error as Error).message.slice(0, 120)})`;
  }
  const aside = `${path}.unreadable-${Date.now()}`;
  try {
    await rename(path, aside);
    log(
      `[clipboard] ${path} was not used: ${problem}. It was moved to ${aside}; the clipboard watch uses its defaults.`,
    );
  } catch (error) {
    log(
      `[clipboard] ${path} was not used: ${problem} (and could not be moved aside: ${(error as Error).message}); the clipboard watch uses its defaults.`,
    );
  }
  return defaultClipboardSettings();
}

/**
 * Replaces the file atomically (a temporary file in the same directory, mode 0600, synced, then
 * renamed over the old one): a crash leaves the old settings or the new ones, never half a file.
 * Only validated settings are written.
 */
export async function writeClipboardSettings(
  dir: string,
  settings: ClipboardSettings,
): Promise<void> {
  await writeFileAtomic(clipboardSettingsPath(dir), `${JSON.stringify({ version: 1, settings }, null, 2)}\n`);
}
