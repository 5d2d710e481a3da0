import { join } from 'node:path';
import { msg, type MessageRef } from '../shared/message-ref.js';
import { dataDirArguments } from './data-dir.js';

/**
 * "Open at Login". macOS and Windows keep the setting themselves (app.setLoginItemSettings);
 * Linux desktops read XDG autostart entries, so there Linkdeck writes its own. Pure parts here,
 * tested without Electron; login-item-file.ts does the file work, open-at-login.ts the wiring.
 */
export type LoginItemSupport = 'os' | 'autostart-file' | 'none';

export function loginItemSupport(platform: NodeJS.Platform): LoginItemSupport {
  if (platform === 'darwin' || platform === 'win32') return 'os';
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd')
    return 'autostart-file';
  return 'none';
}

/** Why there is no login item, as message keys: the desktop card says them in the person's language. */
export const FROM_SOURCE_LOGIN: MessageRef = msg('desktop.problem.fromSourceLogin');
export const NO_LOGIN_ITEM: MessageRef = msg('desktop.problem.noLoginItem');

/** macOS starts a login item without arguments or environment: it would open the usual folder. */
export function macDataDirLogin(dataDir: string): MessageRef {
  return msg('desktop.problem.macDataDirLogin', { dir: dataDir });
}

/**
 * How "open at login" works for this Linkdeck, or why it cannot. An XDG autostart entry names the
 * command itself, so on Linux it works from source too (`electron <folder>`); the macOS and
 * Windows login items start the running executable, which from source is a bare Electron.
 */
export type LoginItemPlan = { kind: 'os'; args: string[] } | { kind: 'autostart-file' } | { kind: 'none'; reason: MessageRef };

/**
 * A run on another data folder (LINKDECK_DATA_DIR, `dataDir`) must start at login on that folder
 * too: the Windows login item carries `--linkdeck-data-dir` (setLoginItemSettings' `args`, Windows
 * only in Electron's docs) under a Run value of its own (windows-login-item.ts), the Linux autostart entry names it in its command (launchCommand); a
 * macOS login item cannot carry it, so there it is not offered, with the reason.
 */
export function loginItemPlan(platform: NodeJS.Platform, isPackaged: boolean, dataDir?: string): LoginItemPlan {
  const support = loginItemSupport(platform);
  if (support === 'os') {
    if (!isPackaged) return { kind: 'none', reason: FROM_SOURCE_LOGIN };
    if (platform === 'darwin' && dataDir) return { kind: 'none', reason: macDataDirLogin(dataDir) };
    return { kind: 'os', args: platform === 'win32' ? dataDirArguments(dataDir) : [] };
  }
  if (support === 'autostart-file') return { kind: 'autostart-file' };
  return { kind: 'none', reason: NO_LOGIN_ITEM };
}

export const AUTOSTART_FILE = 'linkdeck.desktop';

/** $XDG_CONFIG_HOME/autostart/linkdeck.desktop (~/.config when unset or not absolute). */
export function autostartFilePath(env: NodeJS.ProcessEnv, home: string): string {
  const configured = env['XDG_CONFIG_HOME'];
  const config = configured && configured.startsWith('/') ? configured : join(home, '.config');
  return join(config, 'autostart', AUTOSTART_FILE);
}

export interface LaunchFacts {
  execPath: string;
  isPackaged: boolean;
  /** The app's folder, needed to start an unpackaged app (`electron <folder>`). */
  appPath: string;
  /** Set by the AppImage runtime: execPath is then a temporary mount that is gone next login. */
  appImage?: string | undefined;
  /** The data folder this run uses when it is not the usual one: the login start must open it too. */
  dataDir?: string | undefined;
}

/** The command that starts this Linkdeck again (on the same data folder). */
export function launchCommand(facts: LaunchFacts): string[] {
  const start = facts.appImage
    ? [facts.appImage]
    : facts.isPackaged
      ? [facts.execPath]
      : [facts.execPath, facts.appPath];
  return [...start, ...dataDirArguments(facts.dataDir)];
}

/**
 * One argument of an Exec= line, per the Desktop Entry specification: quoted when it holds a
 * reserved character, with `"`, `` ` ``, `$` and `\` escaped inside the quotes; `%` doubled
 * since it starts a field code. The .desktop format then escapes `\` once more.
 */
export function desktopExecArgument(arg: string): string {
  const escapedPercent = arg.replace(/%/g, '%%');
  const plain = /^[A-Za-z0-9_@%+=:,./-]+$/.test(escapedPercent);
  const quoted = plain ? escapedPercent : `"${escapedPercent.replace(/(["`$\\])/g, '\\$1')}"`;
  return quoted.replace(/\\/g, '\\\\');
}

/** The autostart entry that starts `command` at login. */
export function autostartEntry(appName: string, command: readonly string[]): string {
  if (command.length === 0) throw new Error('The autostart entry needs a command.');
  if (command.some((arg) => /[\n\r\0]/.test(arg)))
    throw new Error('A login command cannot hold line breaks.');
  const name = appName.replace(/[\n\r]/g, ' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${name}`,
    `Exec=${command.map(desktopExecArgument).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
