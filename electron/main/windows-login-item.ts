import { createHash } from 'node:crypto';
import { win32 } from 'node:path';
import { APP_ID } from './app-user-model-id.js';

/**
 * "Open at login" on Windows, one per data folder.
 *
 * Windows keeps login items as values under HKCU\Software\Microsoft\Windows\CurrentVersion\Run,
 * and Electron 45 names the value after the AppUserModelId unless `name` is given
 * (shell/browser/browser_win.cc, Browser::SetLoginItemSettings: `key_name = !settings.name.empty()
 * ? settings.name : GetAppUserModelID()`). With one name for every data folder, turning "open at
 * login" on from a second folder silently replaced the first folder's item. So a run on another
 * data folder (LINKDECK_DATA_DIR, --linkdeck-data-dir) names its own value; the usual folder keeps
 * the AppUserModelId's, as before.
 *
 * Reading it back: getLoginItemSettings().openAtLogin looks only at the AppUserModelId's value
 * (browser_win.cc, Browser::GetLoginItemSettings, "keep old openAtLogin behaviour"), so a named
 * item is found in `launchItems` (every Run value whose program is this executable, with its name).
 */

/** The parts of Electron's app this uses (a fake of browser_win.cc in tests). */
export interface WindowsLoginItemApi {
  getLoginItemSettings(options?: { args?: string[] }): {
    openAtLogin: boolean;
    launchItems?: { name: string; args: string[]; scope: 'user' | 'machine' }[];
  };
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[]; name?: string }): void;
}

/**
 * The Run value's name for a data folder: the AppUserModelId, plus a short digest of the folder
 * (Windows paths compare without regard to case, so the digest does too). Registry value names
 * may hold up to 16,383 characters, a folder's path too long to be readable in regedit: a digest.
 */
export function windowsLoginItemName(dataDir: string): string {
  const folder = win32.resolve(dataDir).replace(/[\\/]+$/, '').toLowerCase();
  return `${APP_ID}.data-${createHash('sha256').update(folder).digest('hex').slice(0, 12)}`;
}

export interface WindowsLoginItem {
  enabled(): boolean;
  set(enabled: boolean): void;
}

/**
 * The login item of this data folder. `args` start Linkdeck on it (--linkdeck-data-dir); `name`
 * is windowsLoginItemName's, absent for the usual folder.
 *
 * An item an older Linkdeck made for this folder under the shared name (the AppUserModelId's
 * value, with this folder's arguments: then openAtLogin reads true for these args) counts as
 * this folder's: it is shown as on, and turning the setting either way removes it, so the folder
 * is never started twice and the usual folder's name is free again.
 */
export function windowsLoginItem(api: WindowsLoginItemApi, args: string[], name?: string): WindowsLoginItem {
  const withArgs = args.length ? { args } : {};
  if (!name) {
    return {
      enabled: () => api.getLoginItemSettings(args.length ? { args } : undefined).openAtLogin,
      set: (enabled) => api.setLoginItemSettings({ openAtLogin: enabled, ...withArgs }),
    };
  }
  const legacy = (): boolean => api.getLoginItemSettings({ args }).openAtLogin;
  return {
    enabled: () => {
      const settings = api.getLoginItemSettings({ args });
      return settings.openAtLogin || (settings.launchItems ?? []).some((item) => item.scope === 'user' && item.name === name);
    },
    set: (enabled) => {
      const hadLegacy = legacy();
      api.setLoginItemSettings({ openAtLogin: enabled, ...withArgs, name });
      // Without a name this removes the AppUserModelId's value: only done when it is this folder's.
      if (hadLegacy) api.setLoginItemSettings({ openAtLogin: false });
    },
  };
}
