/**
 * Why Electron died at start, in one sentence, so `npm start` can say it and open the web shell
 * instead of leaving a person with a crash. Pure: launch.ts feeds it the child's exit and says the
 * reason (a message key) in the terminal's language (LANG/LC_ALL, as the command line reads it).
 */
import { SHARED_ENGLISH } from '../shared/i18n/shared-english.js';
import { createTranslator, type Translate } from '../shared/i18n/translate.js';
import { msg, renderMessage, type MessageRef } from '../shared/message-ref.js';

const english: Translate = createTranslator('en', { en: SHARED_ENGLISH });

export interface ElectronExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What Electron printed on stderr (the launcher keeps the last part of it). */
  stderr: string;
  /** Time from spawn to exit. */
  elapsedMs: number;
}

/** A start that fails fails within this time; later exits are the app's own end (or a crash in use). */
export const EARLY_EXIT_MS = 10_000;

/** The sandbox sentence in English (launch.ts says it in the terminal's language). */
export const SANDBOX_REASON = english('desktop.electronExit.sandbox');

const SANDBOX_MESSAGES = [
  /The SUID sandbox helper binary was found, but is not configured correctly/i,
  /No usable sandbox!/i,
  /Failed to move to new namespace/i,
];

/** The first line of stderr that says something, shortened, for the sentence's brackets. */
function firstErrorLine(stderr: string): string | null {
  const line = stderr
    .split(/\r?\n/)
    .map((l) => l.replace(/^\[[^\]]*\]\s*/, '').trim())
    .find((l) => /error|fatal|cannot|failed|missing/i.test(l));
  if (!line) return null;
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/**
 * The reason to fall back to the web shell, as a message key with its arguments, or null when
 * this exit is not a failed start: a clean exit (the person quit, or a second Linkdeck handed
 * over to the first), or an exit after the first seconds.
 */
export function earlyExitRef(exit: ElectronExit): MessageRef | null {
  if (exit.code === 0 && exit.signal === null) return null;
  const sandbox = SANDBOX_MESSAGES.some((pattern) => pattern.test(exit.stderr));
  if (sandbox) return msg('desktop.electronExit.sandbox');
  if (exit.elapsedMs > EARLY_EXIT_MS) return null;
  const library = /error while loading shared libraries: ([^\s:]+)/.exec(exit.stderr)?.[1];
  if (library) return msg('desktop.electronExit.missingLibrary', { library });
  if (/Missing X server or \$DISPLAY|Failed to connect to Wayland display|cannot open display/i.test(exit.stderr))
    return msg('desktop.electronExit.noDisplay');
  // Electron's own words (the first error line) stay as it printed them.
  const detail = firstErrorLine(exit.stderr);
  if (exit.signal)
    return detail
      ? msg('desktop.electronExit.stoppedBySignalDetail', { signal: exit.signal, detail })
      : msg('desktop.electronExit.stoppedBySignal', { signal: exit.signal });
  const code = String(exit.code);
  return detail
    ? msg('desktop.electronExit.exitedWithCodeDetail', { code, detail })
    : msg('desktop.electronExit.exitedWithCode', { code });
}

/** The same reason in words, in the language of `say` (English by default). */
export function earlyExitReason(exit: ElectronExit, say: Translate = english): string | null {
  const ref = earlyExitRef(exit);
  return ref && renderMessage(ref, say);
}

/** Keeps the last `limit` characters of a stream, enough to read the error an exit left. */
export function tail(kept: string, chunk: string, limit = 16_384): string {
  const all = kept + chunk;
  return all.length > limit ? all.slice(all.length - limit) : all;
}
