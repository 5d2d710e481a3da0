/**
 * Why Electron died at start, in one sentence, so `npm start` can say it and open the web shell
 * instead of leaving a person with a crash. Pure: launch.ts feeds it the child's exit.
 */

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

export const SANDBOX_REASON =
  "Electron's sandbox could not start on this system (Ubuntu 23.10 and later stop unprivileged user namespaces for a program AppArmor has no profile for), so the Linkdeck window cannot open here; docs/desktops.md (\"Ubuntu 23.10+ and AppArmor\") says how to allow it.";

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
 * The reason to fall back to the web shell, or null when this exit is not a failed start: a clean
 * exit (the person quit, or a second Linkdeck handed over to the first), or an exit after the
 * first seconds.
 */
export function earlyExitReason(exit: ElectronExit): string | null {
  if (exit.code === 0 && exit.signal === null) return null;
  const sandbox = SANDBOX_MESSAGES.some((pattern) => pattern.test(exit.stderr));
  if (sandbox) return SANDBOX_REASON;
  if (exit.elapsedMs > EARLY_EXIT_MS) return null;
  const library = /error while loading shared libraries: ([^\s:]+)/.exec(exit.stderr)?.[1];
  if (library)
    return `Electron cannot start because this system lacks the library ${library}: install it with your package manager to use the Linkdeck window.`;
  if (/Missing X server or \$DISPLAY|Failed to connect to Wayland display|cannot open display/i.test(exit.stderr))
    return 'Electron could not connect to the graphical display, so the Linkdeck window cannot open.';
  const how = exit.signal ? `was stopped by ${exit.signal}` : `exited with code ${String(exit.code)}`;
  const detail = firstErrorLine(exit.stderr);
  return `Electron ${how} before the Linkdeck window opened${detail ? ` (${detail})` : ''}.`;
}

/** Keeps the last `limit` characters of a stream, enough to read the error an exit left. */
export function tail(kept: string, chunk: string, limit = 16_384): string {
  const all = kept + chunk;
  return all.length > limit ? all.slice(all.length - limit) : all;
}
