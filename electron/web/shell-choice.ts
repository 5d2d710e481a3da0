import type { Translate } from '../shared/i18n/translate.js';
import { msg, renderMessage, type MessageRef } from '../shared/message-ref.js';

/*
 * Every sentence here is a message key with its arguments (desktop.launch.*): launch.ts says it in
 * the terminal's language (LANG/LC_ALL, as the command line reads it), and tests assert the keys.
 */

/** What the launcher learned about the Electron binary. */
export type ElectronProbe =
  { available: true; binary: string } | { available: false; reason: MessageRef };

export interface ShellChoiceInput {
  /** `npm run start:web`: no Electron at all (and no download attempt). */
  forceWeb: boolean;
  /** Null when not probed (forceWeb). */
  electron: ElectronProbe | null;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** Running as root (uid 0). */
  isRoot: boolean;
}

export type ShellChoice =
  { shell: 'electron'; binary: string } | { shell: 'web'; reason: MessageRef | null };

/** Electron where it can run; otherwise the web shell, with the reason in words for the user. */
export function chooseShell(input: ShellChoiceInput): ShellChoice {
  if (input.forceWeb) return { shell: 'web', reason: null };
  const electron = input.electron;
  if (!electron || !electron.available) {
    return {
      shell: 'web',
      reason: electron?.reason ?? msg('desktop.launch.notLookedFor'),
    };
  }
  if (input.platform === 'linux' && !input.env['DISPLAY'] && !input.env['WAYLAND_DISPLAY']) {
    return {
      shell: 'web',
      reason: msg('desktop.launch.noDisplay'),
    };
  }
  if (input.platform === 'linux' && input.isRoot) {
    return {
      shell: 'web',
      reason: msg('desktop.launch.runningAsRoot'),
    };
  }
  return { shell: 'electron', binary: electron.binary };
}

/**
 * The one paragraph printed when Linkdeck runs in the browser (with the reason, if it fell back),
 * as one message in the terminal's language (`say`), the reason said in the same language.
 */
export function fallbackMessage(
  reason: MessageRef | null,
  url: string,
  browserOpened: boolean,
  say: Translate,
): string {
  const where = browserOpened ? 'browser' : 'page';
  return reason
    ? say('desktop.launch.fellBack', { reason: renderMessage(reason, say), where, url })
    : say('desktop.launch.started', { where, url });
}

/**
 * Why downloading the Electron binary failed, in a few words, from what the download printed
 * (`@electron/get` prints the underlying error's stack; electron/index.js then throws a generic
 * "failed to install correctly"). The tool's own words, as it printed them (they are not
 * translated); null when it said nothing.
 */
export function downloadFailureReason(output: string, thrownMessage: string | null): string | null {
  const lines = output.split(/\r?\n/).map((line) => line.trim());
  const cause = lines.find(
    (line) => /^([A-Z]\w*)?Error\b.*:/.test(line) && !/failed to install correctly/i.test(line),
  );
  const code = /\b(E[A-Z]{3,}[A-Z_]*)\b/.exec(output)?.[1];
  const detail = cause ?? (thrownMessage?.split('\n')[0]?.trim() || null);
  if (detail === null) return code ?? null;
  return code && !detail.includes(code) ? `${detail}, ${code}` : detail;
}

/** The explanation for a binary that is missing and could not be downloaded (`detail`: the tool's words). */
export const electronUnavailableReason = (detail: string): MessageRef =>
  msg('desktop.launch.downloadFailed', { detail });

/**
 * Electron 45's download (electron/install.js) loads @electron/get and its unzipper, both ES
 * modules, with require(): that works on Node 20.19+ (20.x) and 22.12+, not on 21.x or 22.0-22.11
 * (nor before 20.19). Returns why the binary cannot be fetched on this Node, or null when it can.
 */
export function nodeBlocksElectronDownload(nodeVersion: string): MessageRef | null {
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  const requireEsm = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
  if (requireEsm) return null;
  return msg('desktop.launch.nodeTooOld', { version: nodeVersion.replace(/^v/, '') });
}

/** Whether a failed download's output shows Node refusing to require() the downloader's ES modules. */
export function downloadFailedOnNode(output: string): boolean {
  return /ERR_REQUIRE_ESM|ERR_REQUIRE_ASYNC_MODULE/.test(output);
}
