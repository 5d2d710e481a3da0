import { join, win32 } from 'node:path';

/**
 * The directory Electron's app.getPath('userData') gives an app named `appName`, so that the web
 * shell and the Electron shell share one set of profiles and mirrors. LINKDECK_DATA_DIR wins.
 */
export function userDataDir(
  appName: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): string {
  const override = env['LINKDECK_DATA_DIR'];
  if (override) return override;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', appName);
  if (platform === 'win32')
    return win32.join(env['APPDATA'] || win32.join(home, 'AppData', 'Roaming'), appName);
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), appName);
}
