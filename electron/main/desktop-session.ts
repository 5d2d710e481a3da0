import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { app, dialog } from 'electron';
import type { LinkHandlerStatus } from '../shared/desktop.js';
import { dataDirProblem, userDataOverride } from './data-dir.js';
import type { DesktopSettingsDeps } from './desktop-settings.js';
import { APPIMAGE_ENTRY, LINK_SCHEME_MIME, linkHandlerPlan, userEntryProblem } from './link-handler.js';
import { decideSession, GLOBAL_SHORTCUTS_PORTAL, mergedFeatures, type SessionDecision } from './linux-session.js';
import { openAtLoginProblem } from './open-at-login.js';
import { PROTOCOL_SCHEME } from './protocol-url.js';

/**
 * What must happen before the app is ready: the data directory (LINKDECK_DATA_DIR, or the smoke
 * test's) and, on a native Wayland session, Chromium's GlobalShortcutsPortal for the hotkey.
 * Returns what the session allows, for the backend's clipboard watch and the desktop card.
 */
export function prepareBeforeReady(testHooks: boolean, log: (message: string) => void): SessionDecision {
  const override = userDataOverride(process.env, { testHooks, cwd: process.cwd() });
  if (override) {
    try {
      // app.setPath throws for a directory that does not exist (Electron's docs: create it first).
      mkdirSync(override.dir, { recursive: true });
      app.setPath('userData', override.dir);
    } catch (error) {
      // Never fall back to the usual folder: that would mix two sets of profiles.
      dialog.showErrorBox('Linkdeck could not start', dataDirProblem(override, error));
      app.exit(1);
    }
  }
  const session = decideSession({ platform: process.platform, env: process.env, argv: process.argv });
  if (session.hotkeyPortal) {
    // Chromium keeps the last --enable-features only: add to what is there rather than replace it.
    const features = mergedFeatures(app.commandLine.getSwitchValue('enable-features'), GLOBAL_SHORTCUTS_PORTAL);
    app.commandLine.appendSwitch('enable-features', features);
  }
  if (session.backend === 'wayland' || session.xwayland)
    log(`[desktop] ${session.xwayland ? 'XWayland' : 'Wayland'} session: clipboard watch ${session.clipboardWatch.available ? 'available' : 'not available'}`);
  return session;
}

/** The words the desktop card shows about the hotkey, "open at login" and linkdeck:// links. */
export function desktopCapabilities(
  session: SessionDecision,
  log: (message: string) => void,
): NonNullable<DesktopSettingsDeps['capabilities']> {
  const problem = openAtLoginProblem();
  return {
    ...(session.hotkeyNote ? { hotkeyNote: session.hotkeyNote } : {}),
    ...(problem ? { openAtLoginProblem: problem } : {}),
    linkHandler: linkHandlerStatus(log),
  };
}

function linkHandlerStatus(log: (message: string) => void): () => LinkHandlerStatus {
  const plan = linkHandlerPlan({
    platform: process.platform,
    isPackaged: app.isPackaged,
    execPath: process.execPath,
    appImage: process.env['APPIMAGE'],
    env: process.env,
    home: homedir(),
  });
  switch (plan.kind) {
    case 'os':
      return () =>
        app.isDefaultProtocolClient(PROTOCOL_SCHEME)
          ? { available: true }
          : { available: false, reason: 'Another application is set to open linkdeck:// links. Restart Linkdeck to take them back.' };
    case 'package':
      return () => ({ available: true });
    case 'none':
      return () => ({ available: false, reason: plan.reason });
    case 'user-entry': {
      let status: LinkHandlerStatus;
      try {
        writeIfChanged(plan.file, plan.entry);
        status = { available: true };
        // Make it the default handler; without xdg-mime the entry is still found as the only one.
        execFile('xdg-mime', ['default', APPIMAGE_ENTRY, LINK_SCHEME_MIME], (error) => {
          if (error) log(`[protocol] xdg-mime could not make ${APPIMAGE_ENTRY} the default: ${error.message}`);
        });
      } catch (error) {
        status = { available: false, reason: userEntryProblem(plan.file, error) };
        log(`[protocol] ${status.reason}`);
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
