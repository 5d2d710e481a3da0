import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_HOTKEY, HOTKEY_PATTERN } from '../shared/desktop.js';

/**
 * The desktop settings Linkdeck keeps itself (userData/desktop.json). "Open at login" is not
 * here: the OS (or the autostart entry) holds it, so it can never disagree with what happens.
 */
export interface SavedDesktopSettings {
  closeToTray: boolean;
  /** Accelerator of the quick-shorten hotkey; '' is off. */
  hotkey: string;
}

export const DESKTOP_SETTINGS_FILE = 'desktop.json';

export function desktopSettingsPath(dataDir: string): string {
  return join(dataDir, DESKTOP_SETTINGS_FILE);
}

/**
 * Defaults. Close to tray is on where a tray icon is always shown (macOS, Windows); Linux
 * desktops may hide tray icons (GNOME without an extension), where closing to an invisible tray
 * would look like the app had vanished.
 */
export function defaultDesktopSettings(platform: NodeJS.Platform): SavedDesktopSettings {
  return { closeToTray: platform === 'darwin' || platform === 'win32', hotkey: DEFAULT_HOTKEY };
}

/** Each field that is valid is kept; anything else falls back to its default. */
export function parseDesktopSettings(value: unknown, defaults: SavedDesktopSettings): SavedDesktopSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ...defaults };
  const { closeToTray, hotkey } = value as Record<string, unknown>;
  return {
    closeToTray: typeof closeToTray === 'boolean' ? closeToTray : defaults.closeToTray,
    hotkey: typeof hotkey === 'string' && (hotkey === '' || HOTKEY_PATTERN.test(hotkey)) ? hotkey : defaults.hotkey,
  };
}

/** The saved settings; the defaults when there is no file or it cannot be read. */
export function readDesktopSettings(file: string, defaults: SavedDesktopSettings): SavedDesktopSettings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { ...defaults };
  }
  try {
    return parseDesktopSettings(JSON.parse(text), defaults);
  } catch {
    return { ...defaults };
  }
}

/** Written whole then renamed: a crash mid-write leaves the previous settings, never half a file. */
export function writeDesktopSettings(file: string, settings: SavedDesktopSettings): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const { closeToTray, hotkey } = settings;
  writeFileSync(temp, `${JSON.stringify({ closeToTray, hotkey }, null, 2)}\n`);
  renameSync(temp, file);
}
