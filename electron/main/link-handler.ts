import { join } from 'node:path';
import { LINUX_APP_ID, LINUX_DESKTOP_FILE } from './app-identity.js';
import { dataDirArguments } from './data-dir.js';
import { desktopExecArgument } from './login-item.js';
import { msg, type MessageRef } from '../shared/message-ref.js';

/**
 * Whether linkdeck:// links can reach this Linkdeck, and how. Pure: linux-desktop.ts acts on it.
 *
 * macOS and Windows register the scheme for the packaged app (app.setAsDefaultProtocolClient, in
 * index.ts). On Linux the desktop finds a handler through a desktop entry declaring
 * `MimeType=x-scheme-handler/linkdeck` (electron-builder writes it from `build.protocols`): the
 * .deb installs that entry, the AppImage carries it but nothing installs it, so Linkdeck writes a
 * user entry pointing at the AppImage file, under Linkdeck's identity (app-identity.ts), which is
 * also what the desktop portals look up. From source there is no Linkdeck executable to name.
 *
 * A Linkdeck run on another data folder (LINKDECK_DATA_DIR) makes the handler carry it
 * (`--linkdeck-data-dir`, data-dir.ts): the link then reaches the running Linkdeck through its
 * single-instance lock, not a second Linkdeck on the usual folder. The .deb's own entry cannot
 * carry it, so Linkdeck writes a user handler entry beside it while it runs on another folder and
 * removes it again when it runs on the usual one. Windows registers the arguments with the scheme.
 * macOS hands links to the running app (open-url), and starts a stopped one without arguments.
 */
export type LinkHandlerPlan =
  | { kind: 'os'; args: string[] }
  | { kind: 'package'; removeFile?: string }
  | { kind: 'user-entry'; file: string; entry: string; removeFile?: string }
  | { kind: 'none'; reason: MessageRef };

export interface LinkHandlerFacts {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  execPath: string;
  /** $APPIMAGE: the AppImage file, set by its runtime. */
  appImage?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /** The data folder this run uses when it is not the usual one (data-dir.ts carriedDataDir). */
  dataDir?: string | undefined;
}

export const LINK_SCHEME_MIME = 'x-scheme-handler/linkdeck';
/** The .deb's install folder (electron-builder: /opt/<productName>/<executable>). */
export const DEB_INSTALL_DIR = '/opt/Linkdeck/';
/** The AppImage's entry: Linkdeck's identity, so the portals find the app it names. */
export const APPIMAGE_ENTRY = LINUX_DESKTOP_FILE;
/** The name the AppImage's entry had before it took Linkdeck's identity: removed when found. */
export const OLD_APPIMAGE_ENTRY = 'linkdeck-appimage.desktop';
/** The .deb's handler for another data folder, beside (and preferred to) the package's entry. */
export const DATA_DIR_ENTRY = 'linkdeck-data-dir.desktop';

/** Why linkdeck:// links cannot reach Linkdeck, as message keys (the desktop card's language). */
export const FROM_SOURCE_LINKS: MessageRef = msg('desktop.problem.fromSourceLinks');
export const UNKNOWN_INSTALL_LINKS: MessageRef = msg('desktop.problem.unknownInstallLinks');
export const NO_SCHEME_SUPPORT: MessageRef = msg('desktop.problem.noSchemeSupport');

export function linkHandlerPlan(facts: LinkHandlerFacts): LinkHandlerPlan {
  if (!facts.isPackaged) return { kind: 'none', reason: FROM_SOURCE_LINKS };
  if (facts.platform === 'win32') return { kind: 'os', args: dataDirArguments(facts.dataDir) };
  if (facts.platform === 'darwin') return { kind: 'os', args: [] };
  if (facts.platform !== 'linux') return { kind: 'none', reason: NO_SCHEME_SUPPORT };
  const dataHome = facts.env['XDG_DATA_HOME']?.startsWith('/') ? facts.env['XDG_DATA_HOME'] : join(facts.home, '.local', 'share');
  const applications = join(dataHome, 'applications');
  if (facts.appImage) {
    return {
      kind: 'user-entry',
      file: join(applications, APPIMAGE_ENTRY),
      entry: handlerEntry([facts.appImage, ...dataDirArguments(facts.dataDir)]),
      removeFile: join(applications, OLD_APPIMAGE_ENTRY),
    };
  }
  if (facts.execPath.startsWith(DEB_INSTALL_DIR)) {
    if (!facts.dataDir) return { kind: 'package', removeFile: join(applications, DATA_DIR_ENTRY) };
    return { kind: 'user-entry', file: join(applications, DATA_DIR_ENTRY), entry: handlerEntry([facts.execPath, ...dataDirArguments(facts.dataDir)]) };
  }
  return { kind: 'none', reason: UNKNOWN_INSTALL_LINKS };
}

/** Kept for callers that name the AppImage alone. */
export function appImageEntry(appImage: string, dataDir?: string): string {
  return handlerEntry([appImage, ...dataDirArguments(dataDir)]);
}

/**
 * A desktop entry that hands linkdeck:// links to `command`. NoDisplay: it is a handler (and the
 * AppImage's identity for the portals), not a second menu entry beside the one AppImageLauncher
 * or the person may have made. StartupWMClass names the identity, as the .deb's entry does.
 */
export function handlerEntry(command: readonly string[]): string {
  if (command.some((arg) => /[\n\r\0]/.test(arg))) throw new Error('The AppImage path cannot hold line breaks.');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Linkdeck',
    `Exec=${command.map(desktopExecArgument).join(' ')} %U`,
    'Terminal=false',
    'NoDisplay=true',
    `StartupWMClass=${LINUX_APP_ID}`,
    `MimeType=${LINK_SCHEME_MIME};`,
    '',
  ].join('\n');
}

/** The words when the user entry could not be written. */
export function userEntryProblem(file: string, error: unknown): MessageRef {
  const why = error instanceof Error ? error.message : String(error);
  return msg('desktop.problem.appImageEntry', { file, error: why });
}
