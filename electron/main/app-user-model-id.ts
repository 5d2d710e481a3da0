/** package.json build.appId: the installer's Start Menu shortcut carries it as its AppUserModelID. */
export const APP_ID = 'app.linkdeck.desktop';

/**
 * The Application User Model ID to set on Windows before any window or notification: without
 * one that matches a Start Menu shortcut, Windows shows no toast (or one without the app's name).
 * Packaged, the installer's shortcut has APP_ID. From source there is no such shortcut: Electron's
 * notification guide has a development build use its executable's path (and pin electron.exe to
 * Start). Elsewhere there is nothing to set.
 */
export function appUserModelId(platform: NodeJS.Platform, isPackaged: boolean, execPath: string): string | null {
  if (platform !== 'win32') return null;
  return isPackaged ? APP_ID : execPath;
}
