import { app } from 'electron';
import { homedir } from 'node:os';
import { autostartEnabled, setAutostart } from './login-item-file.js';
import { autostartFilePath, launchCommand, loginItemSupport } from './login-item.js';

export interface OpenAtLogin {
  enabled(): boolean;
  set(enabled: boolean): void;
}

/** "Open at Login" for this platform, or null where Linkdeck cannot offer it. */
export function openAtLogin(): OpenAtLogin | null {
  switch (loginItemSupport(process.platform)) {
    case 'os':
      // From source the OS would start a bare Electron, not Linkdeck: packaged apps only.
      if (!app.isPackaged) return null;
      return {
        enabled: () => app.getLoginItemSettings().openAtLogin,
        set: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled }),
      };
    case 'autostart-file': {
      const file = autostartFilePath(process.env, homedir());
      return {
        enabled: () => autostartEnabled(file),
        set: (enabled) =>
          setAutostart(
            file,
            enabled,
            'Linkdeck',
            launchCommand({
              execPath: process.execPath,
              isPackaged: app.isPackaged,
              appPath: app.getAppPath(),
              appImage: process.env['APPIMAGE'],
            }),
          ),
      };
    }
    default:
      return null;
  }
}
