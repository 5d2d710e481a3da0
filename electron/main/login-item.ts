import { join } from 'node:path';

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

export const FROM_SOURCE_LOGIN =
  'Not available here: Linkdeck is running from source, and at login the system would start a bare Electron rather than Linkdeck. The installed app can open at login.';
export const NO_LOGIN_ITEM = 'Not available here: this system has no login item Linkdeck can set.';

/**
 * How "open at login" works for this Linkdeck, or why it cannot. An XDG autostart entry names the
 * command itself, so on Linux it works from source too (`electron <folder>`); the macOS and
 * Windows login items start the running executable, which from source is a bare Electron.
 */
export type LoginItemPlan = { kind: 'os' } | { kind: 'autostart-file' } | { kind: 'none'; reason: string };

export function loginItemPlan(platform: NodeJS.Platform, isPackaged: boolean): LoginItemPlan {
  const support = loginItemSupport(platform);
  if (support === 'os') return isPackaged ? { kind: 'os' } : { kind: 'none', reason: FROM_SOURCE_LOGIN };
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
  /** LINKDECK_DATA_DIR as this run has it: the login start must open the same data. */
  dataDir?: string | undefined;
}

/** The command that starts this Linkdeck again. */
export function launchCommand(facts: LaunchFacts): string[] {
  const start = facts.appImage
    ? [facts.appImage]
    : facts.isPackaged
      ? [facts.execPath]
      : [facts.execPath, facts.appPath];
  return facts.dataDir ? ['env', `LINKDECK_DATA_DIR=${facts.dataDir}`, ...start] : start;
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
