import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname } from 'node:path';
import { app, dialog } from 'electron';
import { resolveLocale } from '../shared/i18n/locales.js';
import { englishText, msg, renderMessage } from '../shared/message-ref.js';
import { carriedDataDir, dataDirProblem, userDataOverride } from './data-dir.js';
import { desktopTranslator } from './desktop-language.js';
import type { DesktopSettingsDeps, LinkHandlerWords } from './desktop-settings.js';
import { LINK_SCHEME_MIME, linkHandlerPlan, userEntryProblem } from './link-handler.js';
import { decideSession, PORTAL_HOTKEY_UNCONFIRMED, type SessionDecision } from './linux-session.js';
import { openAtLoginProblem } from './open-at-login.js';
import { PROTOCOL_SCHEME } from './protocol-url.js';

/** What the session allows, and the data folder the OS's own starts of Linkdeck must carry. */
export type PreparedSession = SessionDecision & { dataDir: string | undefined };

/**
 * What must happen before the app is ready: the data directory (LINKDECK_DATA_DIR or
 * --linkdeck-data-dir, or the smoke test's). Returns what the session allows, for the backend's
 * clipboard watch and the desktop card. (Electron 45 uses the Wayland shortcuts portal by default:
 * no feature switch is needed, linux-session.ts.)
 */
export function prepareBeforeReady(testHooks: boolean, log: (message: string) => void): PreparedSession {
  const override = userDataOverride(process.env, { testHooks, cwd: process.cwd(), argv: process.argv });
  if (override) {
    try {
      // app.setPath throws for a directory that does not exist (Electron's docs: create it first).
      mkdirSync(override.dir, { recursive: true });
      app.setPath('userData', override.dir);
    } catch (error) {
      // Never fall back to the usual folder: that would mix two sets of profiles. Before ready
      // there is no setting yet: the OS's languages (English if Electron cannot say them yet).
      const t = desktopTranslator(resolveLocale(preferredLanguages()));
      dialog.showErrorBox(t('desktop.dialog.startFailedTitle'), renderMessage(dataDirProblem(override, error), t));
      app.exit(1);
    }
  }
  const session = decideSession({ platform: process.platform, env: process.env, argv: process.argv });
  if (session.backend === 'wayland' || session.xwayland)
    log(`[desktop] ${session.xwayland ? 'XWayland' : 'Wayland'} session: clipboard watch ${session.clipboardWatch.available ? 'available' : 'not available'}`);
  return { ...session, dataDir: carriedDataDir(override) };
}

/** The words the desktop card shows about the hotkey, "open at login" and linkdeck:// links. */
export function desktopCapabilities(
  session: PreparedSession,
  log: (message: string) => void,
): NonNullable<DesktopSettingsDeps['capabilities']> {
  const problem = openAtLoginProblem(session.dataDir);
  return {
    ...(session.hotkeyNote ? { hotkeyNote: session.hotkeyNote } : {}),
    ...(session.hotkeyPortal ? { hotkeyUnconfirmed: PORTAL_HOTKEY_UNCONFIRMED } : {}),
    ...(problem ? { openAtLoginProblem: problem } : {}),
    linkHandler: linkHandlerStatus(session.dataDir, log),
  };
}

function removeQuietly(file: string | undefined, log: (message: string) => void): void {
  if (!file) return;
  try {
    rmSync(file, { force: true });
  } catch (error) {
    log(`[protocol] could not remove ${file}: ${(error as Error).message}`);
  }
}

function preferredLanguages(): readonly string[] {
  try {
    return app.getPreferredSystemLanguages();
  } catch {
    return [];
  }
}

function linkHandlerStatus(dataDir: string | undefined, log: (message: string) => void): () => LinkHandlerWords {
  const plan = linkHandlerPlan({
    platform: process.platform,
    isPackaged: app.isPackaged,
    execPath: process.execPath,
    appImage: process.env['APPIMAGE'],
    env: process.env,
    home: homedir(),
    dataDir,
  });
  switch (plan.kind) {
    case 'os': {
      // Windows: the registration carries --linkdeck-data-dir when this run uses another folder
      // (index.ts registers it with the same arguments). macOS: open-url reaches the running app.
      const args = plan.args;
      return () =>
        app.isDefaultProtocolClient(PROTOCOL_SCHEME, process.execPath, args)
          ? { available: true }
          : { available: false, reason: msg('desktop.problem.otherLinkHandler') };
    }
    case 'package':
      removeQuietly(plan.removeFile, log);
      return () => ({ available: true });
    case 'none':
      return () => ({ available: false, reason: plan.reason });
    case 'user-entry': {
      let status: LinkHandlerWords;
      try {
        writeIfChanged(plan.file, plan.entry);
        removeQuietly(plan.removeFile, log);
        status = { available: true };
        // Make it the default handler; without xdg-mime the entry is still found as the only one.
        const entryName = basename(plan.file);
        execFile('xdg-mime', ['default', entryName, LINK_SCHEME_MIME], (error) => {
          if (error) log(`[protocol] xdg-mime could not make ${entryName} the default: ${error.message}`);
        });
      } catch (error) {
        const reason = userEntryProblem(plan.file, error);
        status = { available: false, reason };
        log(`[protocol] ${englishText(reason)}`);
      }
      return () => status;
    }
  }
}

function writeIfChanged(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) return;
  } catch {
    // Not there yet.
  }
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
