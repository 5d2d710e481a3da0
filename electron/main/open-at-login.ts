import { app } from 'electron';
import { homedir } from 'node:os';
import type { MessageRef } from '../shared/message-ref.js';
import { autostartEnabled, setAutostart } from './login-item-file.js';
import { autostartFilePath, launchCommand, loginItemPlan } from './login-item.js';
import { windowsLoginItem, windowsLoginItemName } from './windows-login-item.js';

export interface OpenAtLogin {
  enabled(): boolean;
  set(enabled: boolean): void;
}

/** Why "open at login" is not offered here (a message), or undefined when it is. */
export function openAtLoginProblem(dataDir: string | undefined): MessageRef | undefined {
  const plan = loginItemPlan(process.platform, app.isPackaged, dataDir);
  return plan.kind === 'none' ? plan.reason : undefined;
}

/**
 * "Open at Login" for this platform, or null where Linkdeck cannot offer it (openAtLoginProblem
 * says why). `dataDir`: the data folder this run uses when it is not the usual one.
 */
export function openAtLogin(dataDir: string | undefined): OpenAtLogin | null {
  const plan = loginItemPlan(process.platform, app.isPackaged, dataDir);
  switch (plan.kind) {
    case 'os': {
      // Windows: one Run value per data folder (windows-login-item.ts), asked and set with the
      // arguments that start Linkdeck on it.
      if (process.platform === 'win32')
        return windowsLoginItem(app, plan.args, dataDir ? windowsLoginItemName(dataDir) : undefined);
      const args = plan.args;
      return {
        enabled: () => app.getLoginItemSettings(args.length ? { args } : undefined).openAtLogin,
        set: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled, ...(args.length ? { args } : {}) }),
      };
    }
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
              dataDir,
            }),
          ),
      };
    }
    default:
      return null;
  }
}
