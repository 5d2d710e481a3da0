import { app } from 'electron';
import { homedir } from 'node:os';
import { autostartEnabled, setAutostart } from './login-item-file.js';
import { autostartFilePath, launchCommand, loginItemPlan } from './login-item.js';

export interface OpenAtLogin {
  enabled(): boolean;
  set(enabled: boolean): void;
}

/** Why "open at login" is not offered here, in words, or undefined when it is. */
export function openAtLoginProblem(): string | undefined {
  const plan = loginItemPlan(process.platform, app.isPackaged);
  return plan.kind === 'none' ? plan.reason : undefined;
}

/** "Open at Login" for this platform, or null where Linkdeck cannot offer it (openAtLoginProblem says why). */
export function openAtLogin(): OpenAtLogin | null {
  switch (loginItemPlan(process.platform, app.isPackaged).kind) {
    case 'os':
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
              dataDir: process.env['LINKDECK_DATA_DIR']?.trim() ? app.getPath('userData') : undefined,
            }),
          ),
      };
    }
    default:
      return null;
  }
}
