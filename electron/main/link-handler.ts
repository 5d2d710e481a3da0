import { join } from 'node:path';
import { desktopExecArgument } from './login-item.js';

/**
 * Whether linkdeck:// links can reach this Linkdeck, and how. Pure: linux-desktop.ts acts on it.
 *
 * macOS and Windows register the scheme for the packaged app (app.setAsDefaultProtocolClient, in
 * index.ts). On Linux the desktop finds a handler through a desktop entry declaring
 * `MimeType=x-scheme-handler/linkdeck` (electron-builder writes it from `build.protocols`): the
 * .deb installs that entry, the AppImage carries it but nothing installs it, so Linkdeck writes a
 * user entry pointing at the AppImage file. From source there is no Linkdeck executable to name.
 */
export type LinkHandlerPlan =
  | { kind: 'os' }
  | { kind: 'package' }
  | { kind: 'user-entry'; file: string; entry: string }
  | { kind: 'none'; reason: string };

export interface LinkHandlerFacts {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  execPath: string;
  /** $APPIMAGE: the AppImage file, set by its runtime. */
  appImage?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
}

export const LINK_SCHEME_MIME = 'x-scheme-handler/linkdeck';
/** The .deb's install folder (electron-builder: /opt/<productName>/<executable>). */
export const DEB_INSTALL_DIR = '/opt/Linkdeck/';
export const APPIMAGE_ENTRY = 'linkdeck-appimage.desktop';

export const FROM_SOURCE_LINKS =
  'Linkdeck is running from source, so the system has no Linkdeck program to hand linkdeck:// links to. The installed app (the .deb, the AppImage, the macOS or Windows installer) opens them.';
export const UNKNOWN_INSTALL_LINKS =
  'This copy of Linkdeck was not installed from the .deb or run as the AppImage, so no desktop entry tells the system to open linkdeck:// links with it.';
export const NO_SCHEME_SUPPORT = 'This system offers no way to open linkdeck:// links with an application.';

export function linkHandlerPlan(facts: LinkHandlerFacts): LinkHandlerPlan {
  if (!facts.isPackaged) return { kind: 'none', reason: FROM_SOURCE_LINKS };
  if (facts.platform === 'darwin' || facts.platform === 'win32') return { kind: 'os' };
  if (facts.platform !== 'linux') return { kind: 'none', reason: NO_SCHEME_SUPPORT };
  if (facts.appImage) {
    const dataHome = facts.env['XDG_DATA_HOME']?.startsWith('/') ? facts.env['XDG_DATA_HOME'] : join(facts.home, '.local', 'share');
    return { kind: 'user-entry', file: join(dataHome, 'applications', APPIMAGE_ENTRY), entry: appImageEntry(facts.appImage) };
  }
  if (facts.execPath.startsWith(DEB_INSTALL_DIR)) return { kind: 'package' };
  return { kind: 'none', reason: UNKNOWN_INSTALL_LINKS };
}

/**
 * A desktop entry that hands linkdeck:// links to the AppImage. NoDisplay: it is a handler, not a
 * second menu entry beside the one AppImageLauncher or the person may have made.
 */
export function appImageEntry(appImage: string): string {
  if (/[\n\r\0]/.test(appImage)) throw new Error('The AppImage path cannot hold line breaks.');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Linkdeck',
    `Exec=${desktopExecArgument(appImage)} %U`,
    'Terminal=false',
    'NoDisplay=true',
    `MimeType=${LINK_SCHEME_MIME};`,
    '',
  ].join('\n');
}

/** The words when the user entry could not be written. */
export function userEntryProblem(file: string, error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `Linkdeck could not write ${file}, which tells the desktop to open linkdeck:// links with this AppImage (${why}). Integrate the AppImage with AppImageLauncher or Gear Lever, or install the .deb.`;
}
